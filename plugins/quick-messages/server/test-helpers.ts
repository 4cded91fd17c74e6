import { apiCall, capturePublished, fileUpload } from '@zapdesk/plugin-api/testing'

/** Shared by this plugin's tests: API calls, multipart uploads and realtime capture. */
export const call = apiCall
export const upload = fileUpload
export { capturePublished }
