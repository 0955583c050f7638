/**
 * API Pix `locrec` (recurrence payload locations): POST/GET /locrec, GET /locrec/{id}, DELETE
 * /locrec/{id}/idRec. The rules are server/recurrences/locations.ts; a location's payload is
 * served at /pix/qr/v2/rec/{token} (app/pix/qr/v2/rec/[token]). The routes are declared as loc's
 * are (location-routes.ts).
 */
import { z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import {
  createRecurrenceLocation,
  getRecurrenceLocation,
  listRecurrenceLocations,
  unlinkRecurrenceLocation,
} from "../../recurrences/locations";
import { QueryBoolean } from "../paging";
import {
  PayloadLocationRecCompletaSchema,
  PayloadLocationRecGeradaSchema,
  PayloadLocationRecSolicitadaSchema,
} from "../schemas/locrec";
import { locRecView } from "../views/rec";
import { locationRoutes } from "./location-routes";

export const registerLocRecRoutes = locationRoutes({
  family: "PayloadLocationRec",
  path: "/locrec",
  link: "idRec",
  scopes: { write: "payloadlocationrec.write", read: "payloadlocationrec.read" },
  words: {
    noun: "recurrence payload location",
    serves: "recurrence",
    notFound: "Não há location de recorrência deste usuário recebedor com este id.",
  },
  schemas: {
    solicitada: PayloadLocationRecSolicitadaSchema,
    gerada: PayloadLocationRecGeradaSchema,
    completa: PayloadLocationRecCompletaSchema,
    unlinked: PayloadLocationRecCompletaSchema,
    filters: {
      idRecPresente: QueryBoolean.optional(),
      convenio: z.string().max(60, "convenio deve ter no máximo 60 caracteres").optional(),
    },
    parametros: { idRecPresente: z.boolean().optional(), recebedor: z.object({ convenio: z.string() }).optional() },
    pageName: "PayloadLocationRecConsultadas",
  },
  services: {
    create: (userId) => createRecurrenceLocation(db(), userId),
    list: (userId, period, { idRecPresente, convenio }) =>
      listRecurrenceLocations(db(), userId, { ...period, idRecPresente, agreement: convenio }),
    get: (userId, id) => getRecurrenceLocation(db(), userId, id),
    unlink: (userId, id) => unlinkRecurrenceLocation(db(), userId, id),
  },
  parametros: (query) => ({
    ...(query.idRecPresente !== undefined ? { idRecPresente: query.idRecPresente } : {}),
    ...(query.convenio !== undefined ? { recebedor: { convenio: query.convenio } } : {}),
  }),
  views: { gerada: locRecView, completa: locRecView, unlinked: locRecView },
});
