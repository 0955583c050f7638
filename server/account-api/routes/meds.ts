/** MEDs on the account surface (interface 4.4) and their sandbox simulation (decisions: sandbox endpoints). */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { EndToEndId, Uuid } from "../../fields/ids";
import { fromQuery, Page, PageSize } from "../../fields/paging";
import { jsonBody } from "../../http/openapi-body";
import { EpochMs } from "../../ledger/schema";
import { DefenseRequest, MedResolution, MedStatusField, SandboxMedOpen } from "../../meds/schema";
import { DEFENSE_WINDOW_MS, entriesOf, listMeds, openMed, resolveMed, submitDefense } from "../../meds/service";
import { medView } from "../../meds/view";
import type { AccountApiEnv } from "../context";
import { PartySchema } from "../entry-schema";
import { envelope, paginationOf } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";

const MedSchema = z
  .object({
    endToEndId: z.string(),
    medId: z.string(),
    createdInfractionAt: z.number(),
    pspCreatorName: z.string(),
    payer: PartySchema.nullable(),
    receiver: PartySchema.nullable(),
    details: z.string(),
    grossAmount: z.number(),
    feeAmount: z.number(),
    netAmount: z.number(),
    transactionCreatedAt: z.number(),
    userId: z.string(),
    status: MedStatusField,
    defense: z.object({ description: z.string(), createdAt: z.number(), files: z.array(z.string()) }).nullable(),
    deadlines: z.object({ defenseDeadLine: z.number() }),
    refundedEndToEndId: z.string().nullable(),
    legalAnalysis: z
      .object({ createdAt: z.number(), createdBy: z.string(), considerations: z.string() })
      .nullable()
      .optional(),
  })
  .openapi("Med");

const medResponse = (name: string, description: string) => envelopeResponse(description, MedSchema, name);

const medsRoute = accountRoutes("MEDs");
const sandboxRoute = accountRoutes("Sandbox");

const listRoute = medsRoute("meds:read", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/meds",
  summary: "MEDs opened against PIX the caller received, newest first",
  request: {
    query: z.object({
      status: MedStatusField.optional(),
      startDate: fromQuery(EpochMs).optional(),
      endDate: fromQuery(EpochMs).optional(),
      page: fromQuery(Page).default(1),
      limit: fromQuery(PageSize).default(50),
    }),
  },
  responses: { 200: envelopeResponse("A page of MEDs", z.array(MedSchema), "MedListResponse") },
});

const defenseRoute = medsRoute("meds:write", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/meds/{endToEndId}/defense",
  summary: `Submit the defense of a MED (once, within ${DEFENSE_WINDOW_MS / 86_400_000} days of its creation)`,
  request: {
    params: z.object({ endToEndId: EndToEndId }),
    body: jsonBody(DefenseRequest),
  },
  responses: { 200: medResponse("MedDefenseResponse", "The MED with its defense") },
});

const sandboxOpenRoute = sandboxRoute("meds:write", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/sandbox/meds",
  summary: "Simulate another institution opening a MED on a PIX you received",
  request: {
    body: jsonBody(SandboxMedOpen),
  },
  responses: { 200: medResponse("SandboxMedResponse", "The MED (under_analysis); the disputed amount is blocked") },
});

const sandboxResolveRoute = sandboxRoute("meds:write", [400, 401, 403, 404, 409, 422, 429, 500], {
  method: "post",
  path: "/sandbox/meds/{medId}/resolve",
  summary: "Simulate the institution's decision: accepted (refunded) or rejected (released)",
  request: {
    params: z.object({ medId: Uuid }),
    body: jsonBody(z.object({ status: MedResolution })),
  },
  responses: { 200: medResponse("SandboxMedResolveResponse", "The resolved MED") },
});

async function viewOf(med: Awaited<ReturnType<typeof openMed>>) {
  const [pair] = await entriesOf(db(), [med]);
  if (!pair) throw new Error(`MED ${med.id} has no entry`);
  return medView(pair.med, pair.entry);
}

export function registerMedRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { items, total } = await listMeds(
      db(),
      { userId: c.get("apiKey").userId },
      {
        status: query.status,
        startDate: query.startDate === undefined ? undefined : new Date(query.startDate),
        endDate: query.endDate === undefined ? undefined : new Date(query.endDate),
        page: query.page,
        limit: query.limit,
      },
    );
    const pairs = await entriesOf(db(), items);
    return c.json(
      envelope(
        c,
        pairs.map(({ med, entry }) => medView(med, entry, { legalAnalysis: true })),
        {
          pagination: paginationOf(query, total),
        },
      ),
      200,
    );
  });

  app.openapi(defenseRoute, async (c) => {
    const body = c.req.valid("json");
    const med = await submitDefense(db(), {
      userId: c.get("apiKey").userId,
      endToEndId: c.req.valid("param").endToEndId,
      description: body.description,
      files: body.files ?? [],
    });
    return c.json(envelope(c, await viewOf(med), { message: "Defense submitted" }), 200);
  });
}

export function registerMedSandboxRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(sandboxOpenRoute, async (c) => {
    const body = c.req.valid("json");
    const med = await openMed(db(), {
      userId: c.get("apiKey").userId,
      endToEndId: body.endToEndId,
      details: body.details ?? null,
    });
    return c.json(envelope(c, await viewOf(med), { message: "MED opened" }), 200);
  });

  app.openapi(sandboxResolveRoute, async (c) => {
    const med = await resolveMed(db(), {
      userId: c.get("apiKey").userId,
      medId: c.req.valid("param").medId,
      status: c.req.valid("json").status,
    });
    return c.json(envelope(c, await viewOf(med), { message: "MED resolved" }), 200);
  });
}
