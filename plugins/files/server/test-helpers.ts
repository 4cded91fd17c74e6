import { apiCall, multipart, multipartUpload } from '@zapdesk/plugin-api/testing'

/** Shared by this plugin's tests: API calls and multipart bodies as a browser's FormData sends them. */
export const call = apiCall
export const upload = multipartUpload
export { multipart }
