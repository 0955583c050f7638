/**
 * What the charge locations (`loc`) and the recurrence locations (`locrec`) routes share: POST and
 * GET /{kind}, GET /{kind}/{id} and DELETE /{kind}/{id}/{link}, declared and answered alike. Each
 * kind names its schemas, problems, words, filters and services; the rules stay in the services.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Scope } from "../../apikeys/scopes";
import type { ApiPixEnv, InvalidProblem } from "../context";
import { PaginacaoSchema, type PeriodParams, PeriodQuery, paginacao, periodOf, periodViolations } from "../paging";
import { notFoundAs, PixProblem } from "../problem";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";

type Period = ReturnType<typeof periodOf>;

/** What tells a location kind apart (its problems are named after its `family`). `Location` is the service's row; `Filters` the list's own filters. */
export type LocationKind<
  Location,
  Request extends z.ZodTypeAny,
  Filters extends z.ZodRawShape,
  Parametros extends z.ZodRawShape,
> = {
  /** The OpenAPI tag and the problems' stem ("PayloadLocation") */
  family: string;
  path: "/loc" | "/locrec";
  /** The last segment of the unlink path ("txid", "idRec") */
  link: string;
  scopes: { write: Scope; read: Scope };
  /** What the kind is and what a location serves ("payload location", "charge") */
  words: { noun: string; serves: string; notFound: string };
  schemas: {
    solicitada: Request;
    gerada: z.ZodTypeAny;
    completa: z.ZodTypeAny;
    unlinked: z.ZodTypeAny;
    /** The list's own query filters and how its answer's `parametros` names them */
    filters: Filters;
    parametros: Parametros;
    /** The OpenAPI name of a page of them ("PayloadLocationConsultadas") */
    pageName: string;
  };
  services: {
    create: (userId: string, request: z.output<Request>) => Promise<Location>;
    list: (
      userId: string,
      period: Period,
      query: z.output<z.ZodObject<Filters>>,
    ) => Promise<{ locations: Location[]; total: number }>;
    get: (userId: string, id: string) => Promise<Location>;
    unlink: (userId: string, id: string) => Promise<Location>;
  };
  /** The list's `parametros` of the kind's own filters, as asked */
  parametros: (query: z.output<z.ZodObject<Filters>>) => object;
  views: {
    gerada: (location: Location) => object;
    completa: (location: Location) => object;
    unlinked: (location: Location) => object;
  };
};

/** What a route's validator let through, as the caller knows it to be. */
const validated = <T>(c: { req: { valid: (target: never) => unknown } }, target: "json" | "query") =>
  c.req.valid(target as never) as T;

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Declares and answers POST and GET /{kind}, GET /{kind}/{id} and DELETE /{kind}/{id}/{link}. */
export function locationRoutes<
  Location extends { id: bigint },
  Request extends z.ZodTypeAny,
  Filters extends z.ZodRawShape,
  Parametros extends z.ZodRawShape,
>(kind: LocationKind<Location, Request, Filters, Parametros>) {
  const { path, scopes, schemas, words } = kind;
  const route = pixRoutes(kind.family);
  // The specification names no problem for a refused POST /locrec body: the family's is used.
  const invalid: InvalidProblem = {
    type: `${kind.family}OperacaoInvalida`,
    title: "Location inválida.",
    status: 400,
    prefix: "loc",
  };
  const queryInvalid: InvalidProblem = {
    type: `${kind.family}ConsultaInvalida`,
    title: "Consulta inválida.",
    status: 400,
  };
  const IdParam = z.object({ id: z.string().openapi({ description: "The location's id." }) });
  const notFound = () =>
    new PixProblem({
      type: `${kind.family}NaoEncontrado`,
      status: 404,
      title: "Location não encontrada.",
      detail: words.notFound,
    });
  const page = z
    .object({
      parametros: z.object({
        inicio: z.string().openapi({ format: "date-time" }),
        fim: z.string().openapi({ format: "date-time" }),
        ...schemas.parametros,
        paginacao: PaginacaoSchema,
      }),
      loc: z.array(schemas.completa),
    })
    .openapi(schemas.pageName, { description: `A page of ${words.noun}s.` });
  const ListQuery = z.object({ ...PeriodQuery, ...schemas.filters });

  const post = route(scopes.write, invalid, [400], {
    method: "post",
    path,
    summary: `Create a ${words.noun}`,
    request: { body: body(schemas.solicitada) },
    responses: {
      201: {
        ...json("The location created.", schemas.gerada),
        headers: {
          location: { schema: { type: "string", format: "uri" }, description: "The new location's resource." },
        },
      },
    },
  });
  const list = route(scopes.read, queryInvalid, [400], {
    method: "get",
    path,
    summary: `${capital(words.noun)}s created in a period`,
    request: { query: ListQuery },
    responses: { 200: json("The locations of the page.", page) },
  });
  const getOne = route(scopes.read, queryInvalid, [404], {
    method: "get",
    path: `${path}/{id}`,
    summary: `A ${words.noun}`,
    request: { params: IdParam },
    responses: { 200: json(`The location and the ${words.serves} it serves.`, schemas.completa) },
  });
  const unlink = route(scopes.write, invalid, [404], {
    method: "delete",
    path: `${path}/{id}/${kind.link}`,
    summary: `Unlink a location from its ${words.serves} (the ${words.serves} keeps its status)`,
    request: { params: IdParam },
    responses: { 200: json(`The location, serving no ${words.serves}.`, schemas.unlinked) },
  });

  // What the validators let through and the answers are the kind's schemas' and views'; the
  // generic routes cannot type them.
  type Answer = never;
  type Query = PeriodParams & z.output<z.ZodObject<Filters>>;
  return function register(app: OpenAPIHono<ApiPixEnv>) {
    app.openapi(post, async (c) => {
      const location = await kind.services.create(c.get("apiKey").userId, validated<z.output<Request>>(c, "json"));
      c.header("Location", `/api/pix/v2${path}/${location.id}`);
      return c.json(kind.views.gerada(location) as Answer, 201);
    });

    app.openapi(list, async (c) => {
      const query = validated<Query>(c, "query");
      const period = periodOf(query);
      const violacoes = periodViolations(period);
      if (violacoes.length) {
        throw new PixProblem({ ...queryInvalid, detail: "Os parâmetros da consulta não são válidos.", violacoes });
      }
      const { locations, total } = await kind.services.list(c.get("apiKey").userId, period, query);
      return c.json(
        {
          parametros: {
            inicio: query.inicio,
            fim: query.fim,
            ...kind.parametros(query),
            paginacao: paginacao(period.page, period.size, total),
          },
          loc: locations.map(kind.views.completa),
        } as Answer,
        200,
      );
    });

    app.openapi(getOne, async (c) => {
      const { id } = c.req.valid("param");
      const location = await notFoundAs(notFound, () => kind.services.get(c.get("apiKey").userId, id));
      return c.json(kind.views.completa(location) as Answer, 200);
    });

    app.openapi(unlink, async (c) => {
      const { id } = c.req.valid("param");
      const location = await notFoundAs(notFound, () => kind.services.unlink(c.get("apiKey").userId, id));
      return c.json(kind.views.unlinked(location) as Answer, 200);
    });
  };
}
