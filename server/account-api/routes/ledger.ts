import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { readDb } from "../../db/replica";
import { EndToEndId, EntryId } from "../../fields/ids";
import { fromQuery, Page, PageSize } from "../../fields/paging";
import { ExternalId } from "../../fields/text";
import { findEntry, listEntries } from "../../ledger/queries";
import { EntryReason, EntryStatus, EntryType, EpochMs } from "../../ledger/schema";
import type { AccountApiEnv } from "../context";
import { EntrySchema } from "../entry-schema";
import { envelope, paginationOf } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";
import { entryView } from "../views";

const ledgerRoute = accountRoutes("Ledger");

const listRoute = ledgerRoute("ledger:read", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/ledger",
  summary: "Entries of the caller's accounts, newest first",
  description:
    "`pagination.total` is exact when the filters match at most 10,000 entries; above that it is an " +
    "estimate from the database's statistics, never less than 10,001 nor than the entries up to the " +
    "page asked for. The pages themselves are exact; a page past the end is empty.",
  request: {
    query: z.object({
      type: EntryType.optional(),
      reason: EntryReason.optional(),
      status: EntryStatus.optional(),
      startDate: fromQuery(EpochMs).optional(),
      endDate: fromQuery(EpochMs).optional(),
      page: fromQuery(Page).default(1),
      limit: fromQuery(PageSize).default(100),
    }),
  },
  responses: { 200: envelopeResponse("A page of entries", z.array(EntrySchema), "EntryListResponse") },
});

const LOOKUPS = [
  { path: "/ledger/end-to-end/{id}", field: "endToEndId", id: EndToEndId, summary: "Entry by end-to-end id" },
  { path: "/ledger/external-id/{id}", field: "externalId", id: ExternalId, summary: "Entry by your externalId" },
  {
    path: "/ledger/entry-id/{id}",
    field: "entryRef",
    id: EntryId,
    summary: "Entry by entry id (a QR charge's txId works)",
  },
] as const;

export function registerLedgerRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { entries, total } = await listEntries(await readDb(c.get("apiKey").userId), c.get("apiKey").userId, query);
    return c.json(
      envelope(c, entries.map(entryView), {
        pagination: paginationOf(query, total),
      }),
      200,
    );
  });

  for (const lookup of LOOKUPS) {
    const route = ledgerRoute("ledger:read", [400, 401, 403, 404, 429, 500], {
      method: "get",
      path: lookup.path,
      summary: lookup.summary,
      request: {
        params: z.object({
          id: lookup.id,
        }),
      },
      responses: { 200: envelopeResponse("The entry", EntrySchema, "EntryLookupResponse") },
    });
    app.openapi(route, async (c) => {
      const { id } = c.req.valid("param");
      const entry = await findEntry(await readDb(c.get("apiKey").userId), c.get("apiKey").userId, {
        [lookup.field]: id,
      } as { endToEndId: string });
      return c.json(envelope(c, entryView(entry), { message: "Entry found" }), 200);
    });
  }
}
