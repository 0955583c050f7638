/**
 * Due-date charges (cobv) on the account surface: POST/GET /v4/i/charges/due-date and
 * GET /v4/i/charges/due-date/{txId}. A door: the shapes are in due-date-charge-schemas.ts, the
 * rules in the one due-date service (server/charges/due-date/service.ts), shared with the API Pix.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { cobStatusOf } from "../../charges/cob-status";
import {
  createDueDateCharge,
  DueDateChargeRefused,
  getDueDateCharge,
  listDueDateCharges,
} from "../../charges/due-date/service";
import { IsoDate } from "../../charges/due-date/validate";
import { newTxId } from "../../charges/ids";
import { ChargeStatus, TxId } from "../../charges/schema";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { fromQuery, Page, PageSize } from "../../fields/paging";
import { text } from "../../fields/text";
import { jsonBody } from "../../http/openapi-body";
import { EpochMs } from "../../ledger/schema";
import type { AccountApiEnv } from "../context";
import { envelope, paginationOf } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";
import {
  DueDateChargeCreate,
  DueDateChargeSchema,
  dueDateChargeView,
  dueDateInput,
  fieldOf,
  reasonOf,
} from "./due-date-charge-schemas";

const route = accountRoutes("Due-date charges");

/** The last instant of the year 9999: later instants are no dates the database takes. */
const MAX_DATE_MS = 253_402_300_799_999;
const Instant = EpochMs.max(MAX_DATE_MS, "must be a date");

const createRoute = route("pix_in:write", [400, 401, 403, 404, 409, 429, 500], {
  method: "post",
  path: "/charges/due-date",
  summary: "Create a due-date charge (a bill with fine, interest, rebate and discount)",
  description:
    "The API Pix's cobv in camelCase, under the same rules. A refused field answers 400 `VALIDATION_ERROR` with every broken rule in `message` as `field: reason`; a txId already used answers 409 `CONFLICT`. Payment confirmation: `status` `paid` and `paid` here, or GET /v4/i/ledger/entry-id/{txId}.",
  request: { body: jsonBody(DueDateChargeCreate) },
  responses: { 200: envelopeResponse("The charge", DueDateChargeSchema, "DueDateChargeCreated") },
});

const ListQuery = z.object({
  status: ChargeStatus.optional().describe("created (payable), paid, cancelled or expired."),
  dueFrom: IsoDate.optional().describe("Due on or after this day (YYYY-MM-DD)."),
  dueTo: IsoDate.optional().describe("Due on or before this day (YYYY-MM-DD)."),
  debtorDocument: text({ max: 14 }).optional().describe("The payer's CPF or CNPJ, exactly."),
  debtorName: text({ max: 200, trim: true }).optional().describe("Part of the payer's name (case aside)."),
  startDate: fromQuery(Instant).optional().describe("Created at or after (epoch ms)."),
  endDate: fromQuery(Instant).optional().describe("Created at or before (epoch ms)."),
  page: fromQuery(Page).default(1),
  limit: fromQuery(PageSize).default(50),
});

const listRoute = route("pix_in:read", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/charges/due-date",
  summary: "Due-date charges, newest first, with the amount due today",
  request: { query: ListQuery },
  responses: { 200: envelopeResponse("A page of due-date charges", z.array(DueDateChargeSchema), "DueDateChargeList") },
});

const getRoute = route("pix_in:read", [400, 401, 403, 404, 429, 500], {
  method: "get",
  path: "/charges/due-date/{txId}",
  summary: "A due-date charge: the amount due today, or what was paid and its parts",
  request: { params: z.object({ txId: TxId }) },
  responses: { 200: envelopeResponse("The charge", DueDateChargeSchema, "DueDateChargeResponse") },
});

/** The service's refusal in this surface's words: 409 for a txId in use, else 400 naming each field. */
function refusal(error: DueDateChargeRefused): AppError {
  const taken = error.violations.find((v) => v.propriedade === "txid" && /Já existe/.test(v.razao));
  if (taken) return new AppError("CONFLICT", "txId: already in use", "txId");
  const named = error.violations.map((v) => ({
    field: fieldOf(v.propriedade),
    reason: reasonOf(v.propriedade, v.razao),
  }));
  return new AppError("VALIDATION_ERROR", named.map((n) => `${n.field}: ${n.reason}`).join("; "), named[0]?.field);
}

export function registerDueDateChargeRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(createRoute, async (c) => {
    const body = c.req.valid("json");
    const input = dueDateInput(c.get("apiKey").userId, body.txId ?? newTxId(), body);
    try {
      const charge = await createDueDateCharge(db(), input);
      return c.json(envelope(c, dueDateChargeView(charge), { message: "Due-date charge created" }), 200);
    } catch (error) {
      if (error instanceof DueDateChargeRefused) throw refusal(error);
      throw error;
    }
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { charges, total } = await listDueDateCharges(db(), c.get("apiKey").userId, {
      inicio: new Date(query.startDate ?? 0),
      fim: new Date(query.endDate ?? MAX_DATE_MS),
      status: query.status ? cobStatusOf(query.status) : undefined,
      dueFrom: query.dueFrom,
      dueTo: query.dueTo,
      debtorDocument: query.debtorDocument,
      debtorName: query.debtorName,
      page: query.page - 1,
      size: query.limit,
      newestFirst: true,
    });
    const now = new Date();
    return c.json(
      envelope(
        c,
        charges.map((charge) => dueDateChargeView(charge, now)),
        { pagination: paginationOf(query, total) },
      ),
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const charge = await getDueDateCharge(db(), c.get("apiKey").userId, c.req.valid("param").txId);
    return c.json(envelope(c, dueDateChargeView(charge), { message: "Due-date charge found" }), 200);
  });
}
