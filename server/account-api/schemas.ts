/** Shared zod schemas of the account surface; they validate requests and feed the OpenAPI document. */
import { z } from "@hono/zod-openapi";
import { AccountId } from "../fields/ids";
import { pathParam, withOpenApi } from "../http/openapi-meta";

export const ErrorSchema = z
  .object({
    requestId: z.string().uuid(),
    status: z.number().int(),
    success: z.literal(false),
    message: z.string(),
    code: z.string().openapi({ example: "VALIDATION_ERROR" }),
  })
  .openapi("Error");

export const PaginationSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    orderBy: z.literal("desc"),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .openapi("Pagination");

export function envelopeOf<T extends z.ZodTypeAny>(data: T, name: string) {
  return z
    .object({
      requestId: z.string().uuid(),
      success: z.literal(true),
      size: z.number().int(),
      message: z.string().optional(),
      pagination: PaginationSchema.optional(),
      data,
    })
    .openapi(name);
}

export const AccountIdParam = withOpenApi(AccountId, {
  param: { name: "accountId", in: "path" },
  example: "100000000001",
});

export { pathParam };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid or malformed input",
  401: "Missing or invalid credentials",
  403: "IP not allowlisted, no permission for the resource, or missing scope",
  404: "Not found",
  409: "Conflict",
  422: "Business rule refused the operation",
  429: "Rate limit exceeded",
  500: "Internal error",
};

/** The error responses a route documents, all with the 7.2 body. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: ERROR_DESCRIPTIONS[status] ?? "Error", content: { "application/json": { schema: ErrorSchema } } },
    ]),
  );
}

export const COMMON_ERRORS = [401, 403, 429, 500] as const;
