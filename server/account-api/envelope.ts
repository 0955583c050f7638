/** The account surface's response shapes: envelope (interface 2.1) and error body (7.2). */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../errors";
import { pageInfo } from "../fields/paging";
import { errorBody } from "../http/error-body";
import type { AccountApiEnv } from "./context";

export type Pagination = { page: number; limit: number; orderBy: "desc"; total: number; totalPages: number };

/** The pagination object of a list answer (newest first). */
export function paginationOf(query: { page: number; limit: number }, total: number): Pagination {
  return { ...pageInfo(query, total), orderBy: "desc" };
}

export function envelope<T>(
  c: Context<AccountApiEnv>,
  data: T,
  extra: { message?: string; pagination?: Pagination } = {},
) {
  return {
    requestId: c.get("requestId"),
    success: true as const,
    size: Array.isArray(data) ? data.length : data === null || data === undefined ? 0 : 1,
    ...(extra.message !== undefined ? { message: extra.message } : {}),
    ...(extra.pagination ? { pagination: extra.pagination } : {}),
    data,
  };
}

export { errorBody };

export function errorResponse(
  c: Context<AccountApiEnv>,
  status: ContentfulStatusCode,
  code: ErrorCode | string,
  message: string,
) {
  return c.json(errorBody(c.get("requestId"), status, code, message), status);
}
