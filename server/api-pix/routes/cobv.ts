/**
 * API Pix `cobv`: PUT/PATCH/GET /cobv/{txid}, GET /cobv. Shapes only: the rules are the due-date
 * charge service's (server/charges/due-date/service.ts).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  createDueDateCharge,
  type DueDateChargeInput,
  getDueDateCharge,
  listDueDateCharges,
  updateDueDateCharge,
} from "../../charges/due-date/service";
import { db } from "../../db/client";
import type { Charge } from "../../generated/prisma/client";
import type { ApiPixEnv } from "../context";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";
import { CobVCompletaSchema, CobVGeradaSchema, CobVRevisadaSchema, CobVSolicitadaSchema } from "../schemas/cobv";
import { locationsOf, receivingAccountsOf } from "../views/cob";
import { cobvCompleteView, cobvView } from "../views/cobv";
import { ChargeListQuery, chargeListFilters, chargeListParametros, chargeRoutes, TxIdParam } from "./charge-routes";
import { cobvInput, cobvPatch } from "./cobv-input";
import { asCobV, COBV_INVALID, COBV_QUERY_INVALID, cobvQueryInvalid } from "./cobv-problems";

const route = pixRoutes("CobV");

const putCobV = route("cobv.write", COBV_INVALID, [400, 404], {
  method: "put",
  path: "/cobv/{txid}",
  summary: "Create a due-date charge, or replace an active one",
  request: { params: TxIdParam, body: body(CobVSolicitadaSchema) },
  responses: { 201: json("The charge created or replaced.", CobVGeradaSchema) },
});

/** The cob list's filters and the batch (lotecobv) the cobv were sent in. */
const CobVListQuery = ChargeListQuery.extend({
  loteCobVId: z
    .string()
    .regex(/^\d{1,9}$/, "loteCobVId deve ser um inteiro não negativo")
    .transform(BigInt)
    .optional()
    .openapi({ type: "integer", format: "int32", description: "Only the cobv of this batch (lotecobv)." }),
});

const {
  patch: patchCobV,
  getOne,
  list: listRoute,
} = chargeRoutes(route, {
  path: "/cobv",
  scopes: { write: "cobv.write", read: "cobv.read" },
  invalid: COBV_INVALID,
  queryInvalid: COBV_QUERY_INVALID,
  noun: "due-date charge",
  article: "A",
  schemas: {
    revisada: CobVRevisadaSchema,
    gerada: CobVGeradaSchema,
    completa: CobVCompletaSchema,
    listQuery: CobVListQuery,
  },
  pageName: "CobsVConsultadas",
});

/** The charge with its location and receiving account, as the API Pix writes it. */
async function shown(charge: Charge, complete: boolean) {
  const [locationOf, accountOf] = await Promise.all([locationsOf(db(), [charge]), receivingAccountsOf(db(), [charge])]);
  const location = locationOf(charge);
  const account = accountOf(charge);
  return complete ? cobvCompleteView(charge, location, account) : cobvView(charge, location, account);
}

export function registerCobVRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(putCobV, async (c) => {
    const input: DueDateChargeInput = {
      userId: c.get("apiKey").userId,
      txId: c.req.valid("param").txid,
      ...cobvInput(c.req.valid("json")),
    };
    const charge = await asCobV(() => createDueDateCharge(db(), input, { replace: true }));
    return c.json((await shown(charge, false)) as z.infer<typeof CobVGeradaSchema>, 201);
  });

  app.openapi(patchCobV, async (c) => {
    const charge = await asCobV(() =>
      updateDueDateCharge(db(), c.get("apiKey").userId, c.req.valid("param").txid, cobvPatch(c.req.valid("json"))),
    );
    return c.json((await shown(charge, false)) as z.infer<typeof CobVGeradaSchema>, 200);
  });

  app.openapi(getOne, async (c) => {
    const { revisao } = c.req.valid("query");
    const charge = await asCobV(() =>
      getDueDateCharge(db(), c.get("apiKey").userId, c.req.valid("param").txid, revisao),
    );
    return c.json((await shown(charge, true)) as z.infer<typeof CobVCompletaSchema>, 200);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { violacoes, filters } = chargeListFilters(query);
    if (violacoes.length) throw cobvQueryInvalid(violacoes);
    const { charges, total } = await listDueDateCharges(db(), c.get("apiKey").userId, {
      ...filters,
      batchId: query.loteCobVId,
    });
    const [locationOf, accountOf] = await Promise.all([locationsOf(db(), charges), receivingAccountsOf(db(), charges)]);
    return c.json(
      {
        parametros: chargeListParametros(query, total),
        cobs: charges.map((charge) => cobvCompleteView(charge, locationOf(charge), accountOf(charge))),
      },
      200,
    );
  });
}
