/**
 * The one error type services throw. Each door maps it to its surface's shape
 * (account surface: interface 7.2; gateway: 7.1). Anything else is a 500 with no details.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  IP_NOT_ALLOWLISTED: 403,
  FORBIDDEN: 403,
  INSUFFICIENT_SCOPE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_CONFLICT: 409,
  INSUFFICIENT_BALANCE: 422,
  LIMIT_EXCEEDED: 422,
  DEADLINE_EXPIRED: 422,
  NOT_REFUNDABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMIT_EXCEEDED: 429,
  // uploads (MED evidence): what the content is, how big, how many
  UNSUPPORTED_FILE_TYPE: 400,
  TOO_MANY_FILES: 409,
  /** onboarding status queries over their hourly limit (interface 7.2, 8) */
  RATE_LIMIT: 429,
  /** onboarding proposals or document uploads over their hourly limit (interface 7.2, 8) */
  BAAS_RATE_LIMIT: 429,
  INTERNAL_ERROR: 500,
  /** the database is out of reach (a failover under way): retry after `Retry-After` */
  SERVICE_UNAVAILABLE: 503,
  // Account programme PIX keys (interface 7.2)
  BAAS_PIX_KEY_IS_CURRENT: 400,
  BAAS_PIX_KEY_LIMIT_EXCEEDED: 400,
  BAAS_PIX_KEY_COOLDOWN: 429,
  BAAS_PIX_KEY_OTHER_PARTICIPANT: 409,
  BAAS_PIX_KEY_OTHER_OWNER: 409,
  /** a CPF key on a company's account, a CNPJ key on a person's */
  BAAS_PIX_KEY_TYPE_NOT_ALLOWED: 400,
  // Proof of possession of e-mail and phone keys (server/pix/keys/possession.ts)
  PIX_KEY_CODE_INVALID: 400,
  PIX_KEY_CODE_EXPIRED: 400,
  PIX_KEY_CODE_ATTEMPTS_EXCEEDED: 429,
  PIX_KEY_CODE_RESEND_LIMIT: 429,
  // Second factor (docs/decisions/0044-second-factor.md)
  /** the action needs a fresh second-factor (or password) check: ask, then retry */
  STEP_UP_REQUIRED: 412,
  SECOND_FACTOR_INVALID: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every code a service can throw (the dashboard has a message for each, in each language). */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** What the BR Code decoder and encoder (server/pix/brcode) refuse; on a screen they are reasons. */
export const BR_CODE_ERROR_CODES = [
  "INVALID_FORMAT",
  "INVALID_PAYLOAD_FORMAT",
  "INVALID_CRC",
  "NOT_PIX",
  "INVALID_MERCHANT_ACCOUNT",
  "INVALID_PIX_KEY",
  "INVALID_URL",
  "INVALID_DESCRIPTION",
  "INVALID_POINT_OF_INITIATION",
  "INVALID_MERCHANT_CATEGORY",
  "INVALID_CURRENCY",
  "INVALID_AMOUNT",
  "INVALID_COUNTRY",
  "INVALID_MERCHANT_NAME",
  "INVALID_MERCHANT_CITY",
  "INVALID_TXID",
] as const;

export type BrCodeErrorCode = (typeof BR_CODE_ERROR_CODES)[number];

/**
 * Finer than the code, for refusals a person meets on a dashboard screen: the dashboard shows
 * its own sentence for each (messages `serviceErrors.reasons`), so no English server text reaches
 * a pt-BR screen. The surfaces keep answering the code and the English message.
 */
export const ERROR_REASONS = [
  ...BR_CODE_ERROR_CODES,
  "UNKNOWN_CHARGE",
  "AMOUNT_MISMATCH",
  "DYNAMIC_WITHOUT_AMOUNT",
  "AMOUNT_REQUIRED",
  "CHARGE_ALREADY_PAID",
  "CHARGE_EXPIRED",
  "CHARGE_NOT_CANCELLABLE",
  "PAYER_NOT_ALLOWED",
  "SAME_ACCOUNT",
  "DESTINATION_NOT_FOUND",
  "ACCOUNT_NUMBER_INVALID",
  "ACCOUNT_INACTIVE",
  "DESTINATION_INACTIVE",
  "AMOUNT_MALFORMED",
  "AMOUNT_NOT_POSITIVE",
  "AMOUNT_ABOVE_LIMIT",
  // PIX limits (server/limits)
  "PER_TRANSACTION_LIMIT",
  "DAILY_LIMIT",
  "MONTHLY_LIMIT",
  "NIGHTLY_PER_TRANSACTION_LIMIT",
  "NIGHTLY_LIMIT",
  "PIX_KEY_INVALID",
  "CPF_INVALID",
  "CNPJ_INVALID",
  "DOCUMENT_INVALID",
  "REFUND_WINDOW_CLOSED",
  "REFUND_ABOVE_REMAINING",
  "REFUND_IN_PROGRESS",
  "NOT_REFUNDABLE_PIX",
  "REFUND_ID_TAKEN",
  "REFUND_NATURE_NOT_APPLICABLE",
  "URL_INVALID",
  "URL_TOO_LONG",
  "URL_NOT_HTTPS",
  "URL_CREDENTIALS",
  "URL_FRAGMENT",
  "URL_UNRESOLVED",
  "URL_NOT_PUBLIC",
  "WEBHOOK_LIMIT",
  "EVENTS_REQUIRED",
  "DELIVERY_PENDING",
  "EXTERNAL_ID_TAKEN",
  "STATIC_QR_LIMIT",
  "NO_PIX_KEY",
  "PIX_KEY_NOT_OF_ACCOUNT",
  "RECEIPT_NOT_SETTLED",
  "MED_DEFENSE_PENDING",
  "IP_WHITELIST_REQUIRED",
  // the CSV of due-date charges (server/charges/due-date/batch-csv.ts)
  "CSV_INVALID",
  "CSV_EMPTY",
  "CSV_TOO_MANY_ROWS",
  "CSV_COLUMNS_MISSING",
  "CSV_TXID_TAKEN",
  "LINK_INACTIVE",
  "LINK_EXPIRED",
  "LINK_MAX_PAYMENTS",
  "LINK_AMOUNT_OUT_OF_RANGE",
  "LINK_AMOUNT_RANGE",
  "LINK_PAYER_FIELD_REQUIRED",
  // organisations and members (server/organizations)
  "ROLE_NOT_ALLOWED",
  "OWNER_ONLY",
  "LAST_OWNER",
  "ALREADY_MEMBER",
  "INVITATION_INVALID",
  /** turning on "require a second factor of all members" without one of one's own */
  "ENROL_FIRST",
  // sign-in hygiene (server/users/password-reset.ts)
  "WRONG_PASSWORD",
  /** a password door's failed attempts used up (sign-in's windows; the invitation page) */
  "TOO_MANY_ATTEMPTS",
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The request field the error is about, for surfaces that report per field. */
    readonly field?: string,
    /** What the dashboard explains in the user's language (ERROR_REASONS). */
    readonly reason?: ErrorReason,
    /** For 429s and 503s: seconds until the caller may try again (sent as `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

/** A refusal of several fields at once (every broken rule of a form): `field` is the first of `fields`. */
export class FieldsRefused extends AppError {
  constructor(
    message: string,
    readonly fields: string[],
  ) {
    super("VALIDATION_ERROR", message, fields[0]);
  }
}

export const notFound = (message: string, field?: string, reason?: ErrorReason) =>
  new AppError("NOT_FOUND", message, field, reason);
export const invalid = (message: string, field?: string, reason?: ErrorReason) =>
  new AppError("VALIDATION_ERROR", message, field, reason);
export const forbidden = (message: string, reason?: ErrorReason) =>
  new AppError("FORBIDDEN", message, undefined, reason);
