/**
 * API Pix `cobv`: PUT/PATCH/GET /cobv/{txid}, GET /cobv. Shapes only: the rules are the due-date
 * charge service's (server/charges/due-date/service.ts).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { COB_STATUSES, type CobStatus } from "../../charges/cob-status";
import {
  createDueDateCharge,
  type DueDateChargeInput,
  type DueDateDebtorInput,
  getDueDateCharge,
  listDueDateCharges,
  updateDueDateCharge,
} from "../../charges/due-date/service";
import { db } from "../../db/client";
import type { Charge } from "../../generated/prisma/client";
import type { ApiPixEnv } from "../context";
import { PaginacaoSchema, PeriodQuery, paginacao, periodOf, QueryBoolean } from "../paging";
import { pixRoutes } from "../route";
import { PessoaFisicaSchema, PessoaJuridicaSchema, TxIdSchema } from "../schemas/cob";
import { CobVCompletaSchema, CobVGeradaSchema, CobVRevisadaSchema, CobVSolicitadaSchema } from "../schemas/cobv";
import { locationsOf } from "../views/cob";
import { cobvCompleteView, cobvView } from "../views/cobv";
import { asCobV, COBV_INVALID, COBV_QUERY_INVALID, cobvQueryInvalid } from "./cobv-problems";

const route = pixRoutes("CobV");
const json = <T extends z.ZodTypeAny>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});
const body = <T extends z.ZodTypeAny>(schema: T) => ({ required: true, content: { "application/json": { schema } } });
const TxIdParam = z.object({ txid: TxIdSchema });

const putCobV = route("cobv.write", COBV_INVALID, [400, 404], {
  method: "put",
  path: "/cobv/{txid}",
  summary: "Create a due-date charge, or replace an active one",
  request: { params: TxIdParam, body: body(CobVSolicitadaSchema) },
  responses: { 201: json("The charge created or replaced.", CobVGeradaSchema) },
});

const patchCobV = route("cobv.write", COBV_INVALID, [400, 404], {
  method: "patch",
  path: "/cobv/{txid}",
  summary: "Revise or remove an active due-date charge",
  request: { params: TxIdParam, body: body(CobVRevisadaSchema) },
  responses: { 200: json("The charge revised (revisao one more).", CobVGeradaSchema) },
});

const getOne = route("cobv.read", COBV_QUERY_INVALID, [400, 404], {
  method: "get",
  path: "/cobv/{txid}",
  summary: "A due-date charge, now or at a revision",
  request: {
    params: TxIdParam,
    query: z.object({
      revisao: z
        .string()
        .regex(/^\d{1,9}$/, "revisao deve ser um inteiro não negativo")
        .transform(Number)
        .optional()
        .openapi({
          type: "integer",
          format: "int32",
          description: "The revision to answer; the current one when omitted.",
        }),
    }),
  },
  responses: { 200: json("The charge.", CobVCompletaSchema) },
});

const CobsVConsultadasSchema = z
  .object({
    parametros: z.object({
      inicio: z.string().openapi({ format: "date-time" }),
      fim: z.string().openapi({ format: "date-time" }),
      cpf: z.string().optional(),
      cnpj: z.string().optional(),
      locationPresente: z.boolean().optional(),
      status: z.string().optional(),
      paginacao: PaginacaoSchema,
    }),
    cobs: z.array(CobVCompletaSchema),
  })
  .openapi("CobsVConsultadas", { description: "A page of due-date charges." });

const listRoute = route("cobv.read", COBV_QUERY_INVALID, [400], {
  method: "get",
  path: "/cobv",
  summary: "Due-date charges created in a period",
  request: {
    query: z.object({
      ...PeriodQuery,
      cpf: PessoaFisicaSchema.shape.cpf.optional(),
      cnpj: PessoaJuridicaSchema.shape.cnpj.optional(),
      locationPresente: QueryBoolean.optional(),
      status: z
        .string()
        .optional()
        .openapi({ description: `One of ${COB_STATUSES.join(", ")}.` }),
    }),
  },
  responses: { 200: json("The charges of the page.", CobsVConsultadasSchema) },
});

type Devedor = z.infer<typeof CobVSolicitadaSchema>["devedor"];

function debtorOf(devedor: Devedor): DueDateDebtorInput {
  return {
    name: devedor.nome,
    ...("cpf" in devedor && devedor.cpf !== undefined ? { cpf: devedor.cpf } : {}),
    ...("cnpj" in devedor && devedor.cnpj !== undefined ? { cnpj: devedor.cnpj } : {}),
    ...(devedor.email !== undefined ? { email: devedor.email } : {}),
    ...(devedor.logradouro !== undefined ? { street: devedor.logradouro } : {}),
    ...(devedor.cidade !== undefined ? { city: devedor.cidade } : {}),
    ...(devedor.uf !== undefined ? { state: devedor.uf } : {}),
    ...(devedor.cep !== undefined ? { postalCode: devedor.cep } : {}),
  };
}

/** The charge with its location and receiving account, as the API Pix writes it. */
async function shown(charge: Charge, complete: boolean) {
  const location = (await locationsOf(db(), [charge]))(charge);
  const account = await db().account.findUniqueOrThrow({ where: { id: charge.accountId } });
  return complete ? cobvCompleteView(charge, location, account) : cobvView(charge, location, account);
}

export function registerCobVRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(putCobV, async (c) => {
    const cobv = c.req.valid("json");
    const input: DueDateChargeInput = {
      userId: c.get("apiKey").userId,
      txId: c.req.valid("param").txid,
      chave: cobv.chave,
      dueDate: cobv.calendario.dataDeVencimento,
      ...(cobv.calendario.validadeAposVencimento !== undefined
        ? { validityDays: cobv.calendario.validadeAposVencimento }
        : {}),
      debtor: debtorOf(cobv.devedor),
      valor: cobv.valor,
      ...(cobv.solicitacaoPagador !== undefined ? { description: cobv.solicitacaoPagador } : {}),
      ...(cobv.infoAdicionais !== undefined ? { infoAdicionais: cobv.infoAdicionais } : {}),
      ...(cobv.loc ? { locationId: BigInt(cobv.loc.id) } : {}),
    };
    const charge = await asCobV(() => createDueDateCharge(db(), input, { replace: true }));
    return c.json((await shown(charge, false)) as z.infer<typeof CobVGeradaSchema>, 201);
  });

  app.openapi(patchCobV, async (c) => {
    const cobv = c.req.valid("json");
    const charge = await asCobV(() =>
      updateDueDateCharge(db(), c.get("apiKey").userId, c.req.valid("param").txid, {
        ...(cobv.chave !== undefined ? { chave: cobv.chave } : {}),
        ...(cobv.calendario?.dataDeVencimento !== undefined ? { dueDate: cobv.calendario.dataDeVencimento } : {}),
        ...(cobv.calendario?.validadeAposVencimento !== undefined
          ? { validityDays: cobv.calendario.validadeAposVencimento }
          : {}),
        ...(cobv.devedor ? { debtor: debtorOf(cobv.devedor) } : {}),
        ...(cobv.valor ? { valor: cobv.valor } : {}),
        ...(cobv.solicitacaoPagador !== undefined ? { description: cobv.solicitacaoPagador } : {}),
        ...(cobv.infoAdicionais !== undefined ? { infoAdicionais: cobv.infoAdicionais } : {}),
        ...(cobv.loc ? { locationId: BigInt(cobv.loc.id) } : {}),
        ...(cobv.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR" ? { remove: true } : {}),
      }),
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
    const period = periodOf(query);
    const violacoes = [
      ...(period.fimBeforeInicio ? [{ razao: "fim é anterior a inicio.", propriedade: "fim" }] : []),
      ...(query.cpf && query.cnpj ? [{ razao: "Informe cpf ou cnpj, não ambos.", propriedade: "cnpj" }] : []),
      ...(query.status && !(COB_STATUSES as readonly string[]).includes(query.status)
        ? [{ razao: `status deve ser um de ${COB_STATUSES.join(", ")}.`, propriedade: "status" }]
        : []),
    ];
    if (violacoes.length) throw cobvQueryInvalid(violacoes);
    const { charges, total } = await listDueDateCharges(db(), c.get("apiKey").userId, {
      ...period,
      debtorDocument: query.cpf ?? query.cnpj,
      locationPresent: query.locationPresente,
      status: query.status as CobStatus | undefined,
    });
    const locationOf = await locationsOf(db(), charges);
    const ids = [...new Set(charges.map((charge) => charge.accountId))];
    const accounts = new Map((await db().account.findMany({ where: { id: { in: ids } } })).map((a) => [a.id, a]));
    return c.json(
      {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          ...(query.cpf ? { cpf: query.cpf } : {}),
          ...(query.cnpj ? { cnpj: query.cnpj } : {}),
          ...(query.locationPresente !== undefined ? { locationPresente: query.locationPresente } : {}),
          ...(query.status ? { status: query.status } : {}),
          paginacao: paginacao(period.page, period.size, total),
        },
        cobs: charges.map((charge) =>
          cobvCompleteView(
            charge,
            locationOf(charge),
            accounts.get(charge.accountId) as NonNullable<ReturnType<typeof accounts.get>>,
          ),
        ),
      },
      200,
    );
  });
}
