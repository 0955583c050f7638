/**
 * What the immediate (cob) and due-date (cobv) charge routes share: the txid path, the revision
 * query, the list's filters, their violations and the list's `parametros`, and the routes both
 * declare alike (PATCH and GET of one charge, GET of a page; with cobr, PUT and POST to create).
 */
import { z } from "@hono/zod-openapi";
import type { Scope } from "../../apikeys/scopes";
import { COB_STATUSES, type CobStatus } from "../../charges/cob-status";
import type { InvalidProblem } from "../context";
import { PaginacaoSchema, PeriodQuery, paginacao, periodOf, periodViolations, QueryBoolean } from "../paging";
import type { Violation } from "../problem";
import { jsonBody as body, jsonResponse as json, type pixRoutes } from "../route";
import { PessoaFisicaSchema, PessoaJuridicaSchema, TxIdSchema } from "../schemas/cob";

export const TxIdParam = z.object({ txid: TxIdSchema });

export const RevisaoQuery = z.object({
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
});

/**
 * The query of every API Pix list filtered by payer (cob, cobv, rec): a period and page, the
 * payer's CPF or CNPJ, whether a location is present, and a status among `statuses`.
 */
export const debtorListQuery = (statuses: readonly string[]) =>
  z.object({
    ...PeriodQuery,
    cpf: PessoaFisicaSchema.shape.cpf.optional(),
    cnpj: PessoaJuridicaSchema.shape.cnpj.optional(),
    locationPresente: QueryBoolean.optional(),
    status: z
      .string()
      .optional()
      .openapi({ description: `One of ${statuses.join(", ")}.` }),
  });

/** The `parametros` of such a list's answer: the filters as asked, and the page. */
export const debtorListParametrosSchema = z.object({
  inicio: z.string().openapi({ format: "date-time" }),
  fim: z.string().openapi({ format: "date-time" }),
  cpf: PessoaFisicaSchema.shape.cpf.optional(),
  cnpj: PessoaJuridicaSchema.shape.cnpj.optional(),
  locationPresente: z.boolean().optional(),
  status: z.string().optional(),
  paginacao: PaginacaoSchema,
});

export const ChargeListQuery = debtorListQuery(COB_STATUSES);
type ChargeListParams = z.infer<typeof ChargeListQuery>;

/** The answer of a charge list: the filters it applied and a page of `item`. */
export const chargeListSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    parametros: debtorListParametrosSchema,
    cobs: z.array(item),
  });

/** The list's filters as the services take them, or what is wrong with them. */
export function debtorListFilters<S extends string>(query: ChargeListParams, statuses: readonly S[]) {
  const period = periodOf(query);
  const violacoes: Violation[] = [
    ...periodViolations(period),
    ...(query.cpf && query.cnpj ? [{ razao: "Informe cpf ou cnpj, não ambos.", propriedade: "cnpj" }] : []),
    ...(query.status && !(statuses as readonly string[]).includes(query.status)
      ? [{ razao: `status deve ser um de ${statuses.join(", ")}.`, propriedade: "status" }]
      : []),
  ];
  const filters = {
    ...period,
    debtorDocument: query.cpf ?? query.cnpj,
    locationPresent: query.locationPresente,
    status: query.status as S | undefined,
  };
  return { violacoes, filters };
}

/** The charge list's filters (cob, cobv). */
export const chargeListFilters = (query: ChargeListParams) => debtorListFilters<CobStatus>(query, COB_STATUSES);

/** The `parametros` of a list answer: the filters as asked, and the page. */
export function chargeListParametros(query: ChargeListParams, total: number) {
  const { page, size } = periodOf(query);
  return {
    inicio: query.inicio,
    fim: query.fim,
    ...(query.cpf ? { cpf: query.cpf } : {}),
    ...(query.cnpj ? { cnpj: query.cnpj } : {}),
    ...(query.locationPresente !== undefined ? { locationPresente: query.locationPresente } : {}),
    ...(query.status ? { status: query.status } : {}),
    paginacao: paginacao(page, size, total),
  };
}

/** What tells a charge kind's routes apart: its path, scopes and problems, its schemas and its name. */
type ChargeKind<
  Revisada extends z.ZodTypeAny,
  Gerada extends z.ZodTypeAny,
  Completa extends z.ZodTypeAny,
  ListQuery extends z.ZodObject,
> = {
  path: "/cob" | "/cobv";
  scopes: { write: Scope; read: Scope };
  invalid: InvalidProblem;
  queryInvalid: InvalidProblem;
  /** "immediate charge", with its article ("An") */
  noun: string;
  article: string;
  schemas: { revisada: Revisada; gerada: Gerada; completa: Completa; listQuery: ListQuery };
  /** The OpenAPI name of a page of them ("CobsConsultadas") */
  pageName: string;
};

/** PATCH /{kind}/{txid}, GET /{kind}/{txid} and GET /{kind}: declared alike for cob and cobv. */
export function chargeRoutes<
  Revisada extends z.ZodTypeAny,
  Gerada extends z.ZodTypeAny,
  Completa extends z.ZodTypeAny,
  ListQuery extends z.ZodObject,
>(route: ReturnType<typeof pixRoutes>, kind: ChargeKind<Revisada, Gerada, Completa, ListQuery>) {
  const { path, scopes, schemas, noun } = kind;
  const many = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}s`;
  const page = chargeListSchema(schemas.completa).openapi(kind.pageName, { description: `A page of ${noun}s.` });
  return {
    patch: route(scopes.write, kind.invalid, [400, 404], {
      method: "patch",
      path: `${path}/{txid}`,
      summary: `Revise or remove an active ${noun}`,
      request: { params: TxIdParam, body: body(schemas.revisada) },
      responses: { 200: json("The charge revised (revisao one more).", schemas.gerada) },
    }),
    getOne: route(scopes.read, kind.queryInvalid, [400, 404], {
      method: "get",
      path: `${path}/{txid}`,
      summary: `${kind.article} ${noun}, now or at a revision`,
      request: { params: TxIdParam, query: RevisaoQuery },
      responses: { 200: json("The charge.", schemas.completa) },
    }),
    list: route(scopes.read, kind.queryInvalid, [400], {
      method: "get",
      path,
      summary: `${many} created in a period`,
      request: { query: schemas.listQuery },
      responses: { 200: json("The charges of the page.", page) },
    }),
  };
}

/**
 * PUT /{kind}/{txid} and POST /{kind}: a charge created with the merchant's txid or with one the
 * platform chooses, from the same body and answered (201) with the same schema. cob and cobr.
 */
export function creationRoutes<Solicitada extends z.ZodTypeAny, Gerada extends z.ZodTypeAny>(
  route: ReturnType<typeof pixRoutes>,
  kind: "cob" | "cobr",
  invalid: InvalidProblem,
  summaries: { put: string; post: string },
  schemas: { solicitada: Solicitada; created: { description: string; schema: Gerada } },
) {
  const responses = { 201: json(schemas.created.description, schemas.created.schema) };
  return {
    put: route(`${kind}.write`, invalid, [400, 404], {
      method: "put",
      path: `/${kind}/{txid}`,
      summary: summaries.put,
      request: { params: TxIdParam, body: body(schemas.solicitada) },
      responses,
    }),
    post: route(`${kind}.write`, invalid, [400], {
      method: "post",
      path: `/${kind}`,
      summary: summaries.post,
      request: { body: body(schemas.solicitada) },
      responses,
    }),
  };
}
