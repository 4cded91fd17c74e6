/**
 * The kernel's error codes (accounts, auth, plans, settings, media, validation). The spec's ERR_* codes come first;
 * the rest are the platform's own. The web shell has a text for every one of them in pt, en and es. Codes of a
 * feature (tickets, connections, contacts, queues, ...) are declared by its plugin (`errorCodes` in the manifest)
 * with their texts in its web module's locales, under `errors`.
 */
export const SPEC_ERROR_CODES = [
  'ERR_INVALID_CREDENTIALS', 'ERR_SESSION_EXPIRED', 'ERR_USER_CREATION_DISABLED', 'ERR_NO_PERMISSION',
  'ERR_NO_SETTING_FOUND', 'ERR_NO_USER_FOUND',
] as const

export const PLATFORM_ERROR_CODES = [
  'ERR_VALIDATION', 'ERR_NOT_FOUND', 'ERR_INTERNAL', 'ERR_RATE_LIMITED', 'ERR_SUBSCRIPTION_EXPIRED',
  'ERR_FEATURE_DISABLED', 'ERR_PLAN_LIMIT_USERS', 'ERR_PLAN_LIMIT_CONNECTIONS', 'ERR_PLAN_LIMIT_QUEUES',
  'ERR_NO_COMPANY_FOUND', 'ERR_NO_PLAN_FOUND', 'ERR_NO_HELP_FOUND', 'ERR_DUPLICATED_EMAIL',
  'ERR_DUPLICATED_COMPANY', 'ERR_DUPLICATED_PLAN', 'ERR_PLAN_IN_USE', 'ERR_PLAN_NOT_OFFERED', 'ERR_COMPANY_HAS_USERS_ONLY_SUPER',
  'ERR_CANNOT_DELETE_SELF', 'ERR_LAST_SUPER_USER', 'ERR_INVALID_TOKEN', 'ERR_PAYLOAD_TOO_LARGE',
  'ERR_UNSUPPORTED_MEDIA_TYPE', 'ERR_NO_MEDIA_FOUND', 'ERR_NO_MODULE_FOUND', 'ERR_MODULE_NOT_IN_PLAN',
  'ERR_BAD_REQUEST', 'ERR_SERVICE_UNAVAILABLE', 'ERR_MAIL_NOT_CONFIGURED', 'ERR_MAIL_NOT_SENT', 'ERR_COMPANY_INACTIVE',
  'ERR_SESSION_REVOKED', 'ERR_SESSION_PASSWORD_CHANGED',
] as const

export type ErrorCode = (typeof SPEC_ERROR_CODES)[number] | (typeof PLATFORM_ERROR_CODES)[number]
