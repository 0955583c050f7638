import { LOGIN_ERROR } from "@/server/auth/login-errors";

/** Which sentence of the login form explains a code of server/auth/login-errors.ts. */
export type LoginErrorKey = "invalid" | "rateLimited" | "locked" | "generic";

export function loginErrorKey(code: string | null | undefined): LoginErrorKey | null {
  if (!code) return null;
  if (code === LOGIN_ERROR.invalidCredentials) return "invalid";
  if (code === LOGIN_ERROR.rateLimited) return "rateLimited";
  if (code === LOGIN_ERROR.locked) return "locked";
  return "generic";
}
