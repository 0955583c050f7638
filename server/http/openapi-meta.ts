/**
 * OpenAPI metadata for the shared field schemas (server/fields, server/<capability>/schema.ts).
 * Those modules import plain `zod` (the dashboard's forms use them too), and zod gives each schema
 * its methods when it is made: a field schema made before `@hono/zod-openapi` extended zod has no
 * `.openapi()`. Calling the extension through the prototype works whatever the load order was.
 */
import { z } from "@hono/zod-openapi";

type OpenApiMeta = { param?: { name: string; in: "path" | "query" | "header" | "cookie" }; [key: string]: unknown };

export function withOpenApi<T extends z.ZodType>(schema: T, meta: OpenApiMeta): T {
  const openapi = (z.ZodType.prototype as unknown as { openapi: (this: T, meta: OpenApiMeta) => T }).openapi;
  return openapi.call(schema, meta);
}

/** A path parameter of the given field schema (its pattern and description come with it). */
export const pathParam = <T extends z.ZodType>(schema: T, name: string): T =>
  withOpenApi(schema, { param: { name, in: "path" } });
