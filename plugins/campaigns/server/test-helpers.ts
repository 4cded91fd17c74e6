import { apiCall, fileUpload, waitFor } from '@zapdesk/plugin-api/testing'
import { defaultSandbox, sandboxOutbox } from '@zapdesk/connections/testing'

/** Shared by this plugin's tests: API calls, uploads, a sandbox connection, and waiting for the sender. */
export const call = apiCall
export const upload = fileUpload
export { waitFor }
export const sandboxConnection = defaultSandbox
export const outbox = sandboxOutbox
