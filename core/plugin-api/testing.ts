/**
 * What plugin authors use in their tests: the real app on a fresh database, fixtures, and the conformance kit
 * (see docs/plugins.md). Import as `@zapdesk/plugin-api/testing`.
 */
export { build } from '../testing/build.ts'
/** Since 1.11: the app's multi-row writes go statement by statement, as where ids are not consecutive (the other path's tests). */
export { statementByStatement } from '../db/consecutive-ids.ts'
export { createCompanyWithUsers, createUser, createSuper, type TestUser, type TestCompany } from '../testing/fixtures.ts'
export { checkPluginConformance, expectConformant, type ConformanceOptions, type ConformanceReport } from '../testing/conformance.ts'
export { checkWebTranslations } from '../testing/web-translations.ts'
export { checkTenantIsolation } from '../testing/tenancy.ts'
export { checkHostileInput } from '../testing/hostile-input.ts'
export { connect, type TestSocket, type Frame } from '../realtime/ws-test-client.ts'
/** API calls, multipart uploads, polling and realtime capture, as every plugin's tests need them. */
export { apiCall, multipart, multipartUpload, fileUpload, waitFor, capturePublished, type TestHeaders, type MultipartPart, type Published } from '../testing/http.ts'
/** A second app instance on the same database and Redis (cluster tests): build() makes the first. */
export { buildApp } from '../app.ts'
/** Writes one company setting as the settings screen would (tests that need a setting on). */
export { writeSetting } from '../accounts/settings.ts'

import { NO_PLUGINS_DIR } from '../testing/fixtures/third-party/paths.ts'

/** build() options that load the core plus only this plugin (a package folder or entry file), like a fresh install. */
export function onlyPlugin(plugin: string): { pluginsDir: string; config: { plugins: string[] } } {
  return { pluginsDir: NO_PLUGINS_DIR, config: { plugins: [plugin] } }
}
