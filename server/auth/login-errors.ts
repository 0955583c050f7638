/**
 * The error codes next-auth hands back to `signIn(..., { redirect: false })`. Shared by the
 * credentials provider (server) and the login form (client), so it must stay free of server code.
 */
export const LOGIN_ERROR = {
  /** next-auth's own code when authorize() answers null: wrong e-mail or password. */
  invalidCredentials: "CredentialsSignin",
  /** Thrown by authorize() when the client address or the account used up its failed attempts for the minute. */
  rateLimited: "TooManyLoginAttempts",
  /** Thrown by authorize() while the account is locked after failures in a row (docs/decisions/0045). */
  locked: "AccountLocked",
  /** Thrown by the second step (server/auth/second-step.ts) for a wrong code, passkey or password. */
  secondFactorInvalid: "SecondFactorInvalid",
} as const;
