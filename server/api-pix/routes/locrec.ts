/**
 * API Pix `locrec` (recurrence payload locations): POST/GET /locrec, GET /locrec/{id}, DELETE
 * /locrec/{id}/idRec. The rules are server/recurrences/locations.ts; a location's payload is
 * served at /pix/qr/v2/rec/{token} (app/pix/qr/v2/rec/[token]).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import {
  createRecurrenceLocation,
  getRecurrenceLocation,
  listRecurrenceLocations,
  unlinkRecurrenceLocation,
} from "../../recurrences/locations";
import type { ApiPixEnv } from "../context";
import { PaginacaoSchema, PeriodQuery, paginacao, periodOf, periodViolations, QueryBoolean } from "../paging";
import { notFoundAs, PixProblem } from "../problem";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";
import {
  PayloadLocationRecCompletaSchema,
  PayloadLocationRecGeradaSchema,
  PayloadLocationRecSolicitadaSchema,
} from "../schemas/locrec";
import { locRecView } from "../views/rec";

const route = pixRoutes("PayloadLocationRec");
// The specification names no problem for a refused POST /locrec body; the location family's is used.
const LOCREC_INVALID = {
  type: "PayloadLocationRecOperacaoInvalida",
  title: "Location inválida.",
  status: 400,
  prefix: "loc",
} as const;
const LOCREC_QUERY_INVALID = {
  type: "PayloadLocationRecConsultaInvalida",
  title: "Consulta inválida.",
  status: 400,
} as const;
const IdParam = z.object({ id: z.string().openapi({ description: "The location's id." }) });

const notFound = () =>
  new PixProblem({
    type: "PayloadLocationRecNaoEncontrado",
    status: 404,
    title: "Location não encontrada.",
    detail: "Não há location de recorrência deste usuário recebedor com este id.",
  });

const postLocRec = route("payloadlocationrec.write", LOCREC_INVALID, [400], {
  method: "post",
  path: "/locrec",
  summary: "Create a recurrence payload location",
  request: { body: body(PayloadLocationRecSolicitadaSchema) },
  responses: {
    201: {
      ...json("The location created.", PayloadLocationRecGeradaSchema),
      headers: { location: { schema: { type: "string", format: "uri" }, description: "The new location's resource." } },
    },
  },
});

const LocRecListQuery = z.object({
  ...PeriodQuery,
  idRecPresente: QueryBoolean.optional(),
  convenio: z.string().max(60, "convenio deve ter no máximo 60 caracteres").optional(),
});

const PayloadLocationRecConsultadasSchema = z
  .object({
    parametros: z.object({
      inicio: z.string().openapi({ format: "date-time" }),
      fim: z.string().openapi({ format: "date-time" }),
      idRecPresente: z.boolean().optional(),
      recebedor: z.object({ convenio: z.string() }).optional(),
      paginacao: PaginacaoSchema,
    }),
    loc: z.array(PayloadLocationRecCompletaSchema),
  })
  .openapi("PayloadLocationRecConsultadas", { description: "A page of recurrence payload locations." });

const listLocRec = route("payloadlocationrec.read", LOCREC_QUERY_INVALID, [400], {
  method: "get",
  path: "/locrec",
  summary: "Recurrence payload locations created in a period",
  request: { query: LocRecListQuery },
  responses: { 200: json("The locations of the page.", PayloadLocationRecConsultadasSchema) },
});

const getLocRec = route("payloadlocationrec.read", LOCREC_QUERY_INVALID, [404], {
  method: "get",
  path: "/locrec/{id}",
  summary: "A recurrence payload location",
  request: { params: IdParam },
  responses: { 200: json("The location and the recurrence it serves.", PayloadLocationRecCompletaSchema) },
});

const unlink = route("payloadlocationrec.write", LOCREC_INVALID, [404], {
  method: "delete",
  path: "/locrec/{id}/idRec",
  summary: "Unlink a location from its recurrence (the recurrence keeps its status)",
  request: { params: IdParam },
  responses: { 200: json("The location, serving no recurrence.", PayloadLocationRecCompletaSchema) },
});

export function registerLocRecRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(postLocRec, async (c) => {
    const location = await createRecurrenceLocation(db(), c.get("apiKey").userId);
    c.header("Location", `/api/pix/v2/locrec/${location.id}`);
    return c.json(locRecView(location), 201);
  });

  app.openapi(listLocRec, async (c) => {
    const query = c.req.valid("query");
    const period = periodOf(query);
    const violacoes = periodViolations(period);
    if (violacoes.length) {
      throw new PixProblem({
        ...LOCREC_QUERY_INVALID,
        detail: "Os parâmetros da consulta não são válidos.",
        violacoes,
      });
    }
    const { locations, total } = await listRecurrenceLocations(db(), c.get("apiKey").userId, {
      ...period,
      idRecPresente: query.idRecPresente,
      agreement: query.convenio,
    });
    return c.json(
      {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          ...(query.idRecPresente !== undefined ? { idRecPresente: query.idRecPresente } : {}),
          ...(query.convenio !== undefined ? { recebedor: { convenio: query.convenio } } : {}),
          paginacao: paginacao(period.page, period.size, total),
        },
        loc: locations.map(locRecView),
      },
      200,
    );
  });

  app.openapi(getLocRec, async (c) => {
    const { id } = c.req.valid("param");
    const location = await notFoundAs(notFound, () => getRecurrenceLocation(db(), c.get("apiKey").userId, id));
    return c.json(locRecView(location), 200);
  });

  app.openapi(unlink, async (c) => {
    const { id } = c.req.valid("param");
    const location = await notFoundAs(notFound, () => unlinkRecurrenceLocation(db(), c.get("apiKey").userId, id));
    return c.json(locRecView(location), 200);
  });
}
