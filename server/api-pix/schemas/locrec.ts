/** The `locrec` (recurrence payload location) shapes of the API Pix surface, named as the specification's components. */
import { z } from "@hono/zod-openapi";
import { ID_REC_PATTERN } from "../../recurrences/ids";

export const RecIdSchema = z
  .string()
  .regex(ID_REC_PATTERN, "idRec deve ter 29 caracteres alfanuméricos")
  .openapi("RecId", {
    description: "The recurrence's id: R, R|N (retries allowed), ISPB, yyyyMMdd, 11 alphanumerics.",
  });

export const PayloadLocationRecSolicitadaSchema = z
  .object({ tipo: z.enum(["rec"], { error: "tipo deve ser rec" }) })
  .openapi("PayloadLocationRecSolicitada", { description: "A recurrence location is asked for with tipo rec." });

const Fields = {
  id: z.number().int().openapi({ format: "int64", description: "The location's id." }),
  location: z
    .string()
    .max(77)
    .openapi({ format: "uri", description: "The URL a recurrence's QR carries, without scheme." }),
  tipo: z.enum(["rec"]),
  criacao: z.string().openapi({ format: "date-time", description: "When the location was created." }),
};

export const PayloadLocationRecGeradaSchema = z
  .object(Fields)
  .openapi("PayloadLocationRecGerada", { description: "A recurrence payload location." });

export const PayloadLocationRecCompletaSchema = z
  .object({ ...Fields, idRec: RecIdSchema.optional() })
  .openapi("PayloadLocationRecCompleta", {
    description: "A recurrence payload location and the recurrence it serves.",
  });
