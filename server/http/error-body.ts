import type { ErrorCode } from "../errors";

/** The error body of the account surface (`/v4/i`) and of the dashboard's route handlers (app/api). */
export function errorBody(requestId: string, status: number, code: ErrorCode | string, message: string) {
  return { requestId, status, success: false as const, message, code };
}
