/** Page numbers and sizes of every list, in a tRPC input or (read from text) in a query string. */
import { z } from "zod";

export const Page = z.number().int().min(1).max(100_000).describe("1-based page number.");
export const PageSize = z.number().int().min(1).max(100).describe("Items per page, 1-100.");

/** A number rule applied to a query-string parameter. */
export const fromQuery = <T extends z.ZodType<number, number>>(schema: T) => z.coerce.number().pipe(schema);

/**
 * Where a page of a list stands, on every surface: `totalPages` is `ceil(total / limit)`, so 0 for
 * an empty list (docs/contract.md, "Ledger pagination"); the gateway writes it in snake_case.
 */
export const pageInfo = ({ page, limit }: { page: number; limit: number }, total: number) => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});
