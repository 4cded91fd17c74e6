/// <reference path="../fastify.d.ts" />
/**
 * The only import surface for plugins. What is exported here is the stable contract: changing it is a major version.
 */
import type { PluginManifest, WebModule } from './types.ts'

export type * from './types.ts'
export { Type, type Static, type TSchema } from '@sinclair/typebox'
export { AppError, notFound, forbidden } from '../errors/app-error.ts'
export { BaseModel, TenantModel, TenantQueryBuilder, toIso } from '../db/model.ts'
export { isUniqueViolation, isForeignKeyViolation, dialectOf, indexExists } from '../db/knex.ts'
export { withScriptSession, type ScriptSession } from '../db/script-knex.ts'
/** Since 1.11: whether a multi-row INSERT's ids are consecutive, to write rows that refer to them in one script. */
export { consecutiveStep } from '../db/consecutive-ids.ts'
/** Since 1.11: days on a company's clock (`auth.timezone`): where a typed day (yyyy-mm-dd) starts, and its neighbours. */
export { addDays, dayStart, isCalendarDay, localParts, offsetAt, safeTimezone, type LocalParts } from '../time/zone.ts'
export { sqlWriter, runSql, SqlExpr, type SqlText, type SqlWriter } from '../db/sql-text.ts'
export { statementTransaction, type RunStatement } from '../db/statement-transaction.ts'
export { Statement, type StatementValue } from '../db/statement.ts'
/** Since 1.1: an owner's delete runs other plugins' hooks in its transaction (see docs/plugins.md, public services). */
export { DeletionHooks, type DeletionHook } from '../db/deletion-hooks.ts'
/** Since 1.6: per-company values kept in memory until a write to their tables (app.tableWrites), on every instance. */
export { companyCache, type CompanyCache, type CompanyCacheOptions } from '../db/company-cache.ts'
export { companyUserNames } from '../accounts/user-names.ts'
export type { TableWrites, TableWatch, WatchOptions } from '../db/table-writes.ts'
export type { AuthContext } from '../auth/types.ts'
export type { DomainEvents } from '../events/types.ts'
export type { RoomAuthorizer, RoomMessages, RealtimeAudience } from '../realtime/types.ts'
export { ErrorBody, IdParams, Pagination, pageOf, errorResponses } from '../http/schemas.ts'
export { builtAnswer } from '../http/built-answers.ts'
export { assertPlanLimit, type PlanLimit } from '../accounts/plan-limits.ts'
export { can } from '../access/permissions.ts'
export { readUploads, type ReadUploads, type StoredUpload, type UploadOptions } from '../storage/uploads.ts'
/** Since 1.5: `app.storage`'s interface (disk or S3-compatible object storage) and the types it speaks. */
export type { MediaStore, MediaStat, MediaVisibility, ByteRange } from '../storage/types.ts'
/** Spreadsheet rows (.xlsx, .xls, .csv) for imports. Since 1.1. */
export { readSheetRows, cellText, MAX_SHEET_ROWS, type SheetCell, type SheetRow, type SheetFormat } from '../sheets/index.ts'
/** A company's settings with the defaults for keys it never saved (sendGreetingAccepted, userRating, ...). */
export { settingsOf } from '../accounts/settings.ts'
/**
 * Since 1.3: secrets kept for companies, sealed with AES-256-GCM under SECRETS_KEY (`sealSecret(app.config, text)`),
 * and the SSRF-guarded HTTP client for calls to addresses a company chose (`allowPrivate: app.config.outboundAllowPrivate`).
 */
export { sealSecret, openSecret, SecretError } from '../secrets/secret-box.ts'
export { outboundRequest, OutboundError, type OutboundOptions, type OutboundRequest, type OutboundResponse, type OutboundFailure } from '../net/outbound.ts'
export { hostList, privateTargetAllowed } from '../net/allow-list.ts'
export { isPrivateAddress } from '../net/address-guard.ts'
/** Since 1.3: whether a company may use a plan feature now (plan and module switch), for work outside a request. */
export { featureEnabled } from '../accounts/feature-enabled.ts'
/**
 * Since 1.4: a company's subscription for billing plugins (its plan, due date, recurrence), moving its due date one
 * period forward (a paid invoice), changing its plan, counting its users, and the platform's own settings (`asaas`).
 */
export {
  billingCompany, billingCompanies, billingPlan, billingCompaniesDueBy, extendDueDate, changeCompanyPlan, companyUserCount, platformSetting,
  type BillingCompany, type BillingPlan,
} from '../accounts/billing-account.ts'

export function definePlugin(manifest: PluginManifest): PluginManifest {
  return manifest
}

/** @deprecated since 1.1: web manifests import it from `@zapdesk/plugin-api/web`. Kept until 2.0. */
export function defineWebModule(module: WebModule): WebModule {
  return module
}
