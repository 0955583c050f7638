/**
 * API Pix `loc` (payload locations): POST/GET /loc, GET /loc/{id}, DELETE /loc/{id}/txid. The
 * locations are the charge model's (server/charges/locations.ts); their payload is served at
 * /pix/qr/v2/{token} (app/pix/qr/v2/[locationId]).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { createLocation, getLocation, listLocations, unlinkLocation } from "../../charges/locations";
import { db } from "../../db/client";
import type { ApiPixEnv } from "../context";
import { PaginacaoSchema, PeriodQuery, paginacao, periodOf, periodViolations, QueryBoolean } from "../paging";
import { notFoundAs, PixProblem } from "../problem";
import { jsonResponse as json, pixRoutes } from "../route";
import {
  LocationSchema,
  PayloadLocationCompletaSchema,
  PayloadLocationSolicitadaSchema,
  TipoCobSchema,
} from "../schemas/loc";
import { locationCompleteView, locationView } from "../views/cob";

const route = pixRoutes("PayloadLocation");
const LOC_INVALID = {
  type: "PayloadLocationOperacaoInvalida",
  title: "Location inválida.",
  status: 400,
  prefix: "loc",
} as const;
const LOC_QUERY_INVALID = {
  type: "PayloadLocationConsultaInvalida",
  title: "Consulta inválida.",
  status: 400,
} as const;
const IdParam = z.object({ id: z.string().openapi({ description: "The location's id." }) });

const notFound = () =>
  new PixProblem({
    type: "PayloadLocationNaoEncontrado",
    status: 404,
    title: "Location não encontrada.",
    detail: "Não há location deste usuário recebedor com este id.",
  });

const postLoc = route("payloadlocation.write", LOC_INVALID, [400], {
  method: "post",
  path: "/loc",
  summary: "Create a payload location",
  request: { body: { required: true, content: { "application/json": { schema: PayloadLocationSolicitadaSchema } } } },
  responses: {
    201: {
      ...json("The location created.", LocationSchema),
      headers: { location: { schema: { type: "string", format: "uri" }, description: "The new location's resource." } },
    },
  },
});

const PayloadLocationConsultadasSchema = z
  .object({
    parametros: z.object({
      inicio: z.string().openapi({ format: "date-time" }),
      fim: z.string().openapi({ format: "date-time" }),
      txIdPresente: z.boolean().optional(),
      tipoCob: TipoCobSchema.optional(),
      paginacao: PaginacaoSchema,
    }),
    loc: z.array(PayloadLocationCompletaSchema),
  })
  .openapi("PayloadLocationConsultadas", { description: "A page of payload locations." });

const listLoc = route("payloadlocation.read", LOC_QUERY_INVALID, [400], {
  method: "get",
  path: "/loc",
  summary: "Payload locations created in a period",
  request: {
    query: z.object({ ...PeriodQuery, txIdPresente: QueryBoolean.optional(), tipoCob: TipoCobSchema.optional() }),
  },
  responses: { 200: json("The locations of the page.", PayloadLocationConsultadasSchema) },
});

const getLoc = route("payloadlocation.read", LOC_QUERY_INVALID, [404], {
  method: "get",
  path: "/loc/{id}",
  summary: "A payload location",
  request: { params: IdParam },
  responses: { 200: json("The location and the charge it serves.", PayloadLocationCompletaSchema) },
});

const unlink = route("payloadlocation.write", LOC_INVALID, [404], {
  method: "delete",
  path: "/loc/{id}/txid",
  summary: "Unlink a location from its charge (the charge keeps its status)",
  request: { params: IdParam },
  responses: { 200: json("The location, serving no charge.", LocationSchema) },
});

export function registerLocRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(postLoc, async (c) => {
    const location = await createLocation(db(), c.get("apiKey").userId, c.req.valid("json").tipoCob);
    c.header("Location", `/api/pix/v2/loc/${location.id}`);
    return c.json(locationView(location), 201);
  });

  app.openapi(listLoc, async (c) => {
    const query = c.req.valid("query");
    const period = periodOf(query);
    const violacoes = periodViolations(period);
    if (violacoes.length) {
      throw new PixProblem({ ...LOC_QUERY_INVALID, detail: "Os parâmetros da consulta não são válidos.", violacoes });
    }
    const { locations, total } = await listLocations(db(), c.get("apiKey").userId, {
      ...period,
      txIdPresente: query.txIdPresente,
      tipoCob: query.tipoCob,
    });
    return c.json(
      {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          ...(query.txIdPresente !== undefined ? { txIdPresente: query.txIdPresente } : {}),
          ...(query.tipoCob ? { tipoCob: query.tipoCob } : {}),
          paginacao: paginacao(period.page, period.size, total),
        },
        loc: locations.map(locationCompleteView),
      },
      200,
    );
  });

  app.openapi(getLoc, async (c) => {
    const location = await notFoundAs(notFound, () =>
      getLocation(db(), c.get("apiKey").userId, c.req.valid("param").id),
    );
    return c.json(locationCompleteView(location), 200);
  });

  app.openapi(unlink, async (c) => {
    const location = await notFoundAs(notFound, () =>
      unlinkLocation(db(), c.get("apiKey").userId, c.req.valid("param").id),
    );
    return c.json(locationView(location), 200);
  });
}
