/**
 * API Pix `rec` (Pix Automático recurrences): POST /rec, GET/PATCH /rec/{idRec}, GET /rec. Shapes
 * only: the rules are the recurrence service's (server/recurrences/service.ts).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { Recurrence } from "../../generated/prisma/client";
import { recurrenceQr } from "../../recurrences/journeys";
import { locationOfRecurrence } from "../../recurrences/locations";
import { RecurrenceRefused } from "../../recurrences/model";
import { createRecurrence, getRecurrence, listRecurrences, reviseRecurrence } from "../../recurrences/service";
import { REC_STATUSES } from "../../recurrences/status";
import type { ApiPixEnv } from "../context";
import { centsOfValor } from "../money";
import { PixProblem, type Violation } from "../problem";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";
import { TxIdSchema } from "../schemas/cob";
import { RecCompletaSchema, RecGeradaSchema, RecRevisadaSchema, RecSolicitadaSchema } from "../schemas/rec";
import { recView } from "../views/rec";
import { chargeListParametros, debtorListFilters, debtorListParametrosSchema, debtorListQuery } from "./charge-routes";

const route = pixRoutes("Rec");

const REC_INVALID = {
  type: "RecOperacaoInvalida",
  title: "Recorrência inválida.",
  status: 400,
  prefix: "rec",
} as const;
const REC_QUERY_INVALID = { type: "RecConsultaInvalida", title: "Consulta inválida.", status: 400 } as const;

const recInvalid = (violacoes: Violation[]) =>
  new PixProblem({
    type: REC_INVALID.type,
    title: REC_INVALID.title,
    status: 400,
    detail: "A recorrência não respeita o schema ou as regras da recorrência.",
    violacoes,
  });
const recQueryInvalid = (violacoes: Violation[]) =>
  new PixProblem({ ...REC_QUERY_INVALID, detail: "Os parâmetros da consulta não são válidos.", violacoes });
const recNotFound = () =>
  new PixProblem({
    type: "RecNaoEncontrada",
    status: 404,
    title: "Recorrência não encontrada.",
    detail: "Não há recorrência deste usuário recebedor com este idRec.",
  });

/** Runs the recurrence service, answering its refusals as the specification's Rec problems. */
async function asRec<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RecurrenceRefused) {
      throw recInvalid(error.violations.map((v) => ({ razao: v.razao, propriedade: `rec.${v.propriedade}` })));
    }
    if (error instanceof AppError && error.status === 404) throw recNotFound();
    throw error;
  }
}

const IdRecParam = z.object({ idRec: z.string().openapi({ description: "The recurrence's idRec." }) });

const postRec = route("rec.write", REC_INVALID, [400], {
  method: "post",
  path: "/rec",
  summary: "Create a recurrence (Pix Automático)",
  request: { body: body(RecSolicitadaSchema) },
  responses: { 201: json("The recurrence created, waiting for the payer's consent.", RecGeradaSchema) },
});

const patchRec = route("rec.write", REC_INVALID, [400, 404], {
  method: "patch",
  path: "/rec/{idRec}",
  summary: "Revise or cancel a recurrence",
  request: { params: IdRecParam, body: body(RecRevisadaSchema) },
  responses: { 200: json("The recurrence revised.", RecGeradaSchema) },
});

const getRec = route("rec.read", REC_QUERY_INVALID, [400, 404], {
  method: "get",
  path: "/rec/{idRec}",
  summary: "A recurrence",
  request: {
    params: IdRecParam,
    query: z.object({ txid: TxIdSchema.optional().openapi({ description: "A charge of the activation journey." }) }),
  },
  responses: { 200: json("The recurrence.", RecCompletaSchema) },
});

const RecListQuery = debtorListQuery(REC_STATUSES).extend({
  convenio: z.string().max(60, "convenio deve ter no máximo 60 caracteres").optional(),
});

const RecsConsultadasSchema = z
  .object({
    parametros: debtorListParametrosSchema.extend({ convenio: z.string().optional() }),
    recs: z.array(RecCompletaSchema),
  })
  .openapi("RecsConsultadas");

const listRec = route("rec.read", REC_QUERY_INVALID, [400], {
  method: "get",
  path: "/rec",
  summary: "Recurrences created in a period",
  request: { query: RecListQuery },
  responses: { 200: json("The recurrences of the page.", RecsConsultadasSchema) },
});

async function shown(rec: Recurrence) {
  const [account, location] = await Promise.all([
    db().account.findUniqueOrThrow({ where: { id: rec.accountId } }),
    locationOfRecurrence(db(), rec.idRec),
  ]);
  return { view: recView(rec, account, location), account, location };
}

export function registerRecRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(postRec, async (c) => {
    const rec = c.req.valid("json");
    const { devedor } = rec.vinculo;
    const created = await asRec(() =>
      createRecurrence(db(), {
        userId: c.get("apiKey").userId,
        contract: rec.vinculo.contrato,
        object: rec.vinculo.objeto,
        debtor: { document: "cpf" in devedor ? devedor.cpf : devedor.cnpj, name: devedor.nome },
        startDate: rec.calendario.dataInicial,
        endDate: rec.calendario.dataFinal,
        periodicity: rec.calendario.periodicidade,
        amountCents: rec.valor?.valorRec !== undefined ? centsOfValor(rec.valor.valorRec) : undefined,
        minimumCents:
          rec.valor?.valorMinimoRecebedor !== undefined ? centsOfValor(rec.valor.valorMinimoRecebedor) : undefined,
        retryPolicy: rec.politicaRetentativa,
        agreement: rec.recebedor?.convenio,
        locationId: rec.loc !== undefined ? BigInt(rec.loc) : undefined,
        journeyTxId: rec.ativacao?.dadosJornada?.txid,
      }),
    );
    return c.json((await shown(created)).view, 201);
  });

  app.openapi(patchRec, async (c) => {
    const patch = c.req.valid("json");
    const revised = await asRec(() =>
      reviseRecurrence(db(), c.get("apiKey").userId, c.req.valid("param").idRec, {
        status: patch.status,
        debtorName: patch.vinculo?.devedor?.nome,
        startDate: patch.calendario?.dataInicial,
        locationId: patch.loc !== undefined ? BigInt(patch.loc) : undefined,
        journeyTxId: patch.ativacao?.dadosJornada?.txid,
      }),
    );
    return c.json((await shown(revised)).view, 200);
  });

  app.openapi(getRec, async (c) => {
    const userId = c.get("apiKey").userId;
    const rec = await asRec(() => getRecurrence(db(), userId, c.req.valid("param").idRec));
    const { view, account, location } = await shown(rec);
    const dadosQR = await recurrenceQr(db(), rec, location, account.name, c.req.valid("query").txid).catch(
      (error: unknown) => {
        if (error instanceof RecurrenceRefused) throw recQueryInvalid(error.violations);
        throw error;
      },
    );
    return c.json({ ...view, ...(dadosQR ? { dadosQR } : {}) }, 200);
  });

  app.openapi(listRec, async (c) => {
    const query = c.req.valid("query");
    const { violacoes, filters } = debtorListFilters(query, REC_STATUSES);
    if (violacoes.length) throw recQueryInvalid(violacoes);
    const { recurrences, total } = await listRecurrences(db(), c.get("apiKey").userId, {
      ...filters,
      agreement: query.convenio,
    });
    const [accounts, locations] = await Promise.all([
      db().account.findMany({ where: { id: { in: [...new Set(recurrences.map((r) => r.accountId))] } } }),
      db().recurrenceLocation.findMany({ where: { idRec: { in: recurrences.map((r) => r.idRec) } } }),
    ]);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const locationOf = new Map(locations.map((l) => [l.idRec, l]));
    return c.json(
      {
        parametros: {
          ...chargeListParametros(query, total),
          ...(query.convenio ? { convenio: query.convenio } : {}),
        },
        recs: recurrences.flatMap((rec) => {
          const account = byId.get(rec.accountId);
          return account ? [recView(rec, account, locationOf.get(rec.idRec) ?? null)] : [];
        }),
      },
      200,
    );
  });
}
