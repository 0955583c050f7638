/**
 * API Pix `lotecobv`: PUT/PATCH/GET /lotecobv/{id}, GET /lotecobv. The envelope is checked here
 * and each item against the cobv schemas; the rules are the batch service's
 * (server/charges/due-date/batch.ts) and, in the worker, the one cobv service's.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  getDueDateBatch,
  listDueDateBatches,
  reviseDueDateBatch,
  type SubmittedItem,
  submitDueDateBatch,
} from "../../charges/due-date/batch";
import { db } from "../../db/client";
import type { ApiPixEnv } from "../context";
import { PaginacaoSchema, PeriodQuery, paginacao, periodOf, periodViolations } from "../paging";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";
import { cobvInput, cobvPatch } from "./cobv-input";
import {
  asLoteCobV,
  batchView,
  LOTECOBV_INVALID,
  LOTECOBV_QUERY_INVALID,
  LoteCobVConsultadoSchema,
  LoteCobVRevisadoSchema,
  LoteCobVSchema,
  LoteIdParam,
  lotecobvQueryInvalid,
} from "./lotecobv-shapes";

const route = pixRoutes("LoteCobV");

const putLote = route("lotecobv.write", LOTECOBV_INVALID, [400], {
  method: "put",
  path: "/lotecobv/{id}",
  summary: "Submit a batch of due-date charges, or every one of them again",
  request: { params: LoteIdParam, body: body(LoteCobVSchema) },
  responses: { 202: { description: "The batch is accepted; its cobv are created in the background." } },
});

const patchLote = route("lotecobv.write", LOTECOBV_INVALID, [400, 404], {
  method: "patch",
  path: "/lotecobv/{id}",
  summary: "Revise some due-date charges of a batch",
  request: { params: LoteIdParam, body: body(LoteCobVRevisadoSchema) },
  responses: { 202: { description: "The revisions are accepted; they are processed in the background." } },
});

const getLote = route("lotecobv.read", LOTECOBV_QUERY_INVALID, [400, 404], {
  method: "get",
  path: "/lotecobv/{id}",
  summary: "A batch of due-date charges and the state of each",
  request: { params: LoteIdParam },
  responses: { 200: json("The batch.", LoteCobVConsultadoSchema) },
});

const LotesCobVConsultadosSchema = z
  .object({
    parametros: z.object({
      inicio: z.string().openapi({ format: "date-time" }),
      fim: z.string().openapi({ format: "date-time" }),
      paginacao: PaginacaoSchema,
    }),
    lotes: z.array(LoteCobVConsultadoSchema),
  })
  .openapi("LotesCobVConsultados", { description: "A page of batches." });

const listLotes = route("lotecobv.read", LOTECOBV_QUERY_INVALID, [400], {
  method: "get",
  path: "/lotecobv",
  summary: "Batches of due-date charges created in a period",
  request: { query: z.object(PeriodQuery) },
  responses: { 200: json("The batches of the page.", LotesCobVConsultadosSchema) },
});

/** Each item as the due-date service takes it, beside the item as received. */
const itemsOf = <T extends { txid: string }, I>(items: T[], translate: (item: T) => I): SubmittedItem<I>[] =>
  items.map((item) => ({ txId: item.txid, request: item, input: translate(item) }));

export function registerLoteCobVRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(putLote, async (c) => {
    const lote = c.req.valid("json");
    await asLoteCobV(() =>
      submitDueDateBatch(db(), c.get("apiKey").userId, BigInt(c.req.valid("param").id), {
        description: lote.descricao as string,
        items: itemsOf(lote.cobsv, cobvInput),
      }),
    );
    return c.body(null, 202);
  });

  app.openapi(patchLote, async (c) => {
    const lote = c.req.valid("json");
    await asLoteCobV(() =>
      reviseDueDateBatch(db(), c.get("apiKey").userId, BigInt(c.req.valid("param").id), {
        description: lote.descricao,
        items: itemsOf(lote.cobsv ?? [], cobvPatch),
      }),
    );
    return c.body(null, 202);
  });

  app.openapi(getLote, async (c) => {
    const batch = await asLoteCobV(() =>
      getDueDateBatch(db(), c.get("apiKey").userId, BigInt(c.req.valid("param").id)),
    );
    return c.json(batchView(batch, c.get("correlationId")) as z.infer<typeof LoteCobVConsultadoSchema>, 200);
  });

  app.openapi(listLotes, async (c) => {
    const query = c.req.valid("query");
    const period = periodOf(query);
    const { inicio, fim, page, size } = period;
    if (period.fimBeforeInicio) throw lotecobvQueryInvalid(periodViolations(period));
    const { batches, total } = await listDueDateBatches(db(), c.get("apiKey").userId, { inicio, fim, page, size });
    return c.json(
      {
        parametros: { inicio: query.inicio, fim: query.fim, paginacao: paginacao(page, size, total) },
        lotes: batches.map((batch) => batchView(batch, c.get("correlationId"))) as z.infer<
          typeof LoteCobVConsultadoSchema
        >[],
      },
      200,
    );
  });
}
