/** Shared zod schemas of the account surface; they validate requests and feed the OpenAPI document. */
import { z } from "@hono/zod-openapi";
import { AccountId } from "../fields/ids";

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

/** A success answer of a route: `data` in the envelope, named `name` in the OpenAPI document. */
export function envelopeResponse<T extends z.ZodTypeAny>(description: string, data: T, name: string) {
  return { description, content: { "application/json": { schema: envelopeOf(data, name) } } };
}

/** A JSON request body a route may go without (every field of `schema` then takes its default). */
export const optionalJsonBody = <T extends z.ZodTypeAny>(schema: T) => ({
  required: false,
  content: { "application/json": { schema } },
});

/**
 * Shared field schemas are plain zod (the dashboard imports them too): give them metadata with
 * `.meta()`, never `.openapi()`, which exists only on schemas built after @hono/zod-openapi loaded.
 */
export const AccountIdParam = AccountId.meta({ example: "100000000001" });

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
