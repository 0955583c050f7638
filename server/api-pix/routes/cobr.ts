/**
 * API Pix `cobr` (Pix Automático recurring charges): PUT/PATCH/GET /cobr/{txid}, POST/GET /cobr,
 * POST /cobr/{txid}/retentativa/{data}. Shapes only: the rules are the recurring charges service's
 * (server/recurrences/charges/).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { IsoDate } from "../../charges/due-date/validate";
import { db, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import type { ChargeWithAttempts, RecurringChargeInput } from "../../recurrences/charges/model";
import { requestRetry } from "../../recurrences/charges/retries";
import {
  cancelRecurringCharge,
  createRecurringCharge,
  getRecurringCharge,
  listRecurringCharges,
} from "../../recurrences/charges/service";
import { COBR_STATUSES } from "../../recurrences/charges/status";
import { RecurrenceRefused } from "../../recurrences/model";
import type { ApiPixEnv } from "../context";
import { centsOfValor } from "../money";
import { PaginacaoSchema, PeriodQuery } from "../paging";
import { PixProblem, type Violation } from "../problem";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";
import { PessoaFisicaSchema, PessoaJuridicaSchema } from "../schemas/cob";
import { CobRCompletaSchema, CobRGeradaSchema, CobRRevisadaSchema, CobRSolicitadaSchema } from "../schemas/cobr";
import { RecIdSchema } from "../schemas/rec";
import { cobrView } from "../views/cobr";
import { chargeListParametros, creationRoutes, debtorListFilters, TxIdParam } from "./charge-routes";

const route = pixRoutes("CobR");

const COBR_INVALID = {
  type: "CobROperacaoInvalida",
  title: "Operação inválida.",
  status: 400,
  prefix: "cobr",
} as const;
const COBR_QUERY_INVALID = { type: "CobRConsultaInvalida", title: "Consulta inválida.", status: 400 } as const;

const cobrQueryInvalid = (violacoes: Violation[]) =>
  new PixProblem({ ...COBR_QUERY_INVALID, detail: "Os parâmetros da consulta não são válidos.", violacoes });

/** Runs the service, answering its refusals as the specification's CobR problems. */
async function asCobR<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RecurrenceRefused) {
      throw new PixProblem({
        type: COBR_INVALID.type,
        title: COBR_INVALID.title,
        status: 400,
        detail: error.violations[0]?.razao ?? "A cobrança recorrente não respeita o schema ou as regras da cobrança.",
        violacoes: error.violations.map((v) => ({ razao: v.razao, propriedade: `cobr.${v.propriedade}` })),
      });
    }
    if (error instanceof AppError && error.status === 404) {
      throw new PixProblem({
        type: "CobRNaoEncontrado",
        status: 404,
        title: "Cobrança não encontrada.",
        detail: "Não há cobrança recorrente deste usuário recebedor com este txid.",
      });
    }
    throw error;
  }
}

const { put: putCobr, post: postCobr } = creationRoutes(
  route,
  "cobr",
  COBR_INVALID,
  { put: "Create a recurring charge with the merchant's txid", post: "Create a recurring charge" },
  {
    solicitada: CobRSolicitadaSchema,
    created: { description: "The recurring charge created.", schema: CobRGeradaSchema },
  },
);

const patchCobr = route("cobr.write", COBR_INVALID, [400, 404], {
  method: "patch",
  path: "/cobr/{txid}",
  summary: "Cancel a recurring charge",
  request: { params: TxIdParam, body: body(CobRRevisadaSchema) },
  responses: { 200: json("The recurring charge revised.", CobRGeradaSchema) },
});

const getCobr = route("cobr.read", COBR_QUERY_INVALID, [400, 404], {
  method: "get",
  path: "/cobr/{txid}",
  summary: "A recurring charge",
  request: { params: TxIdParam },
  responses: { 200: json("The recurring charge.", CobRCompletaSchema) },
});

const retryCobr = route("cobr.write", COBR_INVALID, [400, 404], {
  method: "post",
  path: "/cobr/{txid}/retentativa/{data}",
  summary: "Ask a retry of a failed recurring charge on a day",
  request: { params: TxIdParam.extend({ data: IsoDate }) },
  responses: { 201: json("The recurring charge with its attempts.", CobRCompletaSchema) },
});

const CobRListQuery = z.object({
  ...PeriodQuery,
  idRec: RecIdSchema.optional(),
  cpf: PessoaFisicaSchema.shape.cpf.optional(),
  cnpj: PessoaJuridicaSchema.shape.cnpj.optional(),
  status: z
    .string()
    .optional()
    .openapi({ description: `One of ${COBR_STATUSES.join(", ")}.` }),
  convenio: z.string().max(60, "convenio deve ter no máximo 60 caracteres").optional(),
});

const CobsRConsultadasSchema = z
  .object({
    parametros: z.object({
      inicio: z.string().openapi({ format: "date-time" }),
      fim: z.string().openapi({ format: "date-time" }),
      idRec: RecIdSchema.optional(),
      cpf: PessoaFisicaSchema.shape.cpf.optional(),
      cnpj: PessoaJuridicaSchema.shape.cnpj.optional(),
      status: z.string().optional(),
      convenio: z.string().optional(),
      paginacao: PaginacaoSchema,
    }),
    cobsr: z.array(CobRCompletaSchema),
  })
  .openapi("CobsRConsultadas");

const listCobr = route("cobr.read", COBR_QUERY_INVALID, [400], {
  method: "get",
  path: "/cobr",
  summary: "Recurring charges created in a period",
  request: { query: CobRListQuery },
  responses: { 200: json("The recurring charges of the page.", CobsRConsultadasSchema) },
});

/** Charges as the API shows them: each with its recurrence's retry policy and its account. */
export async function shownCharges(tx: Tx, charges: ChargeWithAttempts[]) {
  const [recs, accounts] = await Promise.all([
    tx.recurrence.findMany({ where: { idRec: { in: [...new Set(charges.map((c) => c.idRec))] } } }),
    tx.account.findMany({ where: { id: { in: [...new Set(charges.map((c) => c.accountId))] } } }),
  ]);
  const recById = new Map(recs.map((r) => [r.idRec, r]));
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  return charges.flatMap((charge) => {
    const rec = recById.get(charge.idRec);
    const account = accountById.get(charge.accountId);
    return rec && account ? [cobrView(charge, rec, account)] : [];
  });
}

const shown = async (charge: ChargeWithAttempts) => (await shownCharges(db(), [charge]))[0];

type CobRBody = z.infer<typeof CobRSolicitadaSchema>;

function chargeInput(userId: string, cobr: CobRBody, txId?: string): RecurringChargeInput {
  return {
    userId,
    ...(txId !== undefined ? { txId } : {}),
    idRec: cobr.idRec,
    dueDate: cobr.calendario.dataDeVencimento,
    amountCents: centsOfValor(cobr.valor.original),
    adjustBusinessDay: cobr.ajusteDiaUtil,
    ...(cobr.infoAdicional !== undefined ? { info: cobr.infoAdicional } : {}),
    ...(cobr.devedor !== undefined ? { debtor: cobr.devedor } : {}),
    receiver: {
      account: cobr.recebedor.conta,
      accountType: cobr.recebedor.tipoConta,
      ...(cobr.recebedor.agencia !== undefined ? { agency: cobr.recebedor.agencia } : {}),
    },
  };
}

export function registerCobRRoutes(app: OpenAPIHono<ApiPixEnv>) {
  const create = async (userId: string, cobr: CobRBody, txId?: string) => {
    const input = chargeInput(userId, cobr, txId);
    return shown(await asCobR(() => db().$transaction((tx) => createRecurringCharge(tx, input))));
  };

  app.openapi(putCobr, async (c) =>
    c.json(await create(c.get("apiKey").userId, c.req.valid("json"), c.req.valid("param").txid), 201),
  );

  app.openapi(postCobr, async (c) => c.json(await create(c.get("apiKey").userId, c.req.valid("json")), 201));

  app.openapi(patchCobr, async (c) => {
    const { status } = c.req.valid("json");
    const userId = c.get("apiKey").userId;
    const { txid } = c.req.valid("param");
    const revised = await asCobR(() =>
      db().$transaction((tx) =>
        status === "CANCELADA" ? cancelRecurringCharge(tx, userId, txid) : getRecurringCharge(tx, userId, txid),
      ),
    );
    return c.json(await shown(revised), 200);
  });

  app.openapi(getCobr, async (c) => {
    const charge = await asCobR(() => getRecurringCharge(db(), c.get("apiKey").userId, c.req.valid("param").txid));
    return c.json(await shown(charge), 200);
  });

  app.openapi(retryCobr, async (c) => {
    const { txid, data } = c.req.valid("param");
    const retried = await asCobR(() => db().$transaction((tx) => requestRetry(tx, c.get("apiKey").userId, txid, data)));
    return c.json(await shown(retried), 201);
  });

  app.openapi(listCobr, async (c) => {
    const query = c.req.valid("query");
    const { violacoes, filters } = debtorListFilters(query, COBR_STATUSES);
    if (violacoes.length) throw cobrQueryInvalid(violacoes);
    const { charges, total } = await listRecurringCharges(db(), c.get("apiKey").userId, {
      ...filters,
      idRec: query.idRec,
      agreement: query.convenio,
    });
    return c.json(
      {
        parametros: {
          ...chargeListParametros(query, total),
          ...(query.idRec ? { idRec: query.idRec } : {}),
          ...(query.convenio ? { convenio: query.convenio } : {}),
        },
        cobsr: await shownCharges(db(), charges),
      },
      200,
    );
  });
}
