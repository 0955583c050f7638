/**
 * API Pix `loc` (payload locations): POST/GET /loc, GET /loc/{id}, DELETE /loc/{id}/txid. The
 * locations are the charge model's (server/charges/locations.ts); their payload is served at
 * /pix/qr/v2/{token} (app/pix/qr/v2/[locationId]). The routes are declared as locrec's are
 * (location-routes.ts).
 */
import { z } from "@hono/zod-openapi";
import { createLocation, getLocation, listLocations, unlinkLocation } from "../../charges/locations";
import { db } from "../../db/client";
import { QueryBoolean } from "../paging";
import {
  LocationSchema,
  PayloadLocationCompletaSchema,
  PayloadLocationSolicitadaSchema,
  TipoCobSchema,
} from "../schemas/loc";
import { locationCompleteView, locationView } from "../views/cob";
import { locationRoutes } from "./location-routes";

export const registerLocRoutes = locationRoutes({
  family: "PayloadLocation",
  path: "/loc",
  link: "txid",
  scopes: { write: "payloadlocation.write", read: "payloadlocation.read" },
  words: {
    noun: "payload location",
    serves: "charge",
    notFound: "Não há location deste usuário recebedor com este id.",
  },
  schemas: {
    solicitada: PayloadLocationSolicitadaSchema,
    gerada: LocationSchema,
    completa: PayloadLocationCompletaSchema,
    unlinked: LocationSchema,
    filters: { txIdPresente: QueryBoolean.optional(), tipoCob: TipoCobSchema.optional() },
    parametros: { txIdPresente: z.boolean().optional(), tipoCob: TipoCobSchema.optional() },
    pageName: "PayloadLocationConsultadas",
  },
  services: {
    create: (userId, { tipoCob }) => createLocation(db(), userId, tipoCob),
    list: (userId, period, { txIdPresente, tipoCob }) =>
      listLocations(db(), userId, { ...period, txIdPresente, tipoCob }),
    get: (userId, id) => getLocation(db(), userId, id),
    unlink: (userId, id) => unlinkLocation(db(), userId, id),
  },
  parametros: (query) => ({
    ...(query.txIdPresente !== undefined ? { txIdPresente: query.txIdPresente } : {}),
    ...(query.tipoCob ? { tipoCob: query.tipoCob } : {}),
  }),
  views: { gerada: locationView, completa: locationCompleteView, unlinked: locationView },
});
