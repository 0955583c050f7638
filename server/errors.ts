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
  FILE_TOO_LARGE: 413,
  TOO_MANY_FILES: 409,
  /** onboarding status queries over their hourly limit (interface 7.2, 8) */
  RATE_LIMIT: 429,
  /** onboarding proposals or document uploads over their hourly limit (interface 7.2, 8) */
  BAAS_RATE_LIMIT: 429,
  INTERNAL_ERROR: 500,
  // Account programme PIX keys (interface 7.2)
  BAAS_PIX_KEY_IS_CURRENT: 400,
  BAAS_PIX_KEY_LIMIT_EXCEEDED: 400,
  BAAS_PIX_KEY_COOLDOWN: 429,
  BAAS_PIX_KEY_OTHER_PARTICIPANT: 409,
  BAAS_PIX_KEY_OTHER_OWNER: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The request field the error is about, for surfaces that report per field. */
    readonly field?: string,
    /** For 429s: seconds until the caller may try again (sent as `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message: string, field?: string) => new AppError("NOT_FOUND", message, field);
export const invalid = (message: string, field?: string) => new AppError("VALIDATION_ERROR", message, field);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
