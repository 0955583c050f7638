/** The `loc` (payload location) shapes of the API Pix surface, named as the specification's components. */
import { z } from "@hono/zod-openapi";
import { LOCATION_TYPES } from "../../charges/cob-status";

export const TipoCobSchema = z.enum(LOCATION_TYPES, { error: "tipoCob deve ser cob ou cobv" });

const LocationFields = {
  id: z.number().int().openapi({ format: "int64", description: "The location's id." }),
  location: z.string().max(77).openapi({ format: "uri", description: "The URL a BR Code carries, without scheme." }),
  tipoCob: TipoCobSchema,
  criacao: z.string().openapi({ format: "date-time", description: "When the location was created." }),
};

export const LocationSchema = z
  .object(LocationFields)
  .openapi("PayloadLocation", { description: "A payload location." });

export const PayloadLocationSolicitadaSchema = z
  .object({ tipoCob: TipoCobSchema })
  .openapi("PayloadLocationSolicitada", { description: "The kind of charge the location will serve." });

export const PayloadLocationCompletaSchema = z
  .object({
    ...LocationFields,
    txid: z
      .string()
      .regex(/[a-zA-Z0-9]{26,35}/)
      .optional()
      .openapi({ description: "The charge it serves." }),
  })
  .openapi("PayloadLocationCompleta", { description: "A payload location and the charge it serves." });
