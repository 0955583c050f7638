/** A required JSON request body of an OpenAPI route, on either REST surface. */
import type { z } from "zod";

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
