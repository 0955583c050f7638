/**
 * The shapes and problems of the `lotecobv` routes: the batch's envelope, its answer, the
 * specification's LoteCobV* problem types, and an item's `problema` — the very problem PUT/PATCH
 * /cobv would have answered for that cobv.
 */
import { z } from "@hono/zod-openapi";
import {
  DueDateBatchRefused,
  type DueDateBatchWithItems,
  type ItemProblem,
  MAX_BATCH_ITEMS,
} from "../../charges/due-date/batch";
import { BATCH_ITEM_STATUSES } from "../../charges/due-date/batch-guard";
import { AppError } from "../../errors";
import { isSafeText } from "../../fields/text";
import { PixProblem, problemBody, type Violation } from "../problem";
import { ProblemSchema } from "../route";
import { TxIdSchema } from "../schemas/cob";
import { CobVRevisadaSchema, CobVSolicitadaSchema } from "../schemas/cobv";
import { cobvInvalid, cobvNotFound } from "./cobv-problems";

export const LOTECOBV_INVALID = {
  type: "LoteCobVOperacaoInvalida",
  title: "Lote de cobranças com vencimento inválido.",
  status: 400,
  prefix: "loteCobV",
} as const;
export const LOTECOBV_QUERY_INVALID = {
  type: "LoteCobVConsultaInvalida",
  title: "Consulta inválida.",
  status: 400,
} as const;

export function lotecobvInvalid(violacoes: Violation[]): PixProblem {
  const { prefix: _, ...problem } = LOTECOBV_INVALID;
  return new PixProblem({
    ...problem,
    detail: "O lote de cobranças com vencimento não respeita o schema ou as regras de lote.",
    violacoes,
  });
}

export const lotecobvQueryInvalid = (violacoes: Violation[]) =>
  new PixProblem({ ...LOTECOBV_QUERY_INVALID, detail: "Os parâmetros da consulta não são válidos.", violacoes });

export const lotecobvNotFound = () =>
  new PixProblem({
    type: "LoteCobVNaoEncontrado",
    status: 404,
    title: "Lote de cobranças com vencimento não encontrado.",
    detail: "Não há lote de cobranças com vencimento deste usuário recebedor com este id.",
  });

/** Runs the batch service, answering its refusals as the specification's lotecobv problems. */
export async function asLoteCobV<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DueDateBatchRefused) {
      throw lotecobvInvalid(
        error.violations.map((v) => ({ razao: v.razao, propriedade: `loteCobV.${v.propriedade}` })),
      );
    }
    if (error instanceof AppError && error.status === 404) throw lotecobvNotFound();
    throw error;
  }
}

/** A batch id: the caller's integer (up to 15 digits, so it is exact as a JSON number). */
export const LoteIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "id deve ser um inteiro de 1 a 15 dígitos")
    .openapi({ description: "The batch's id, chosen by the caller: an integer of up to 15 digits." }),
});

/** Every string of a JSON value (keys too) storable as text: no NUL, no lone UTF-16 surrogate. */
const storable = (value: unknown): boolean =>
  typeof value === "string"
    ? isSafeText(value)
    : Array.isArray(value)
      ? value.every(storable)
      : value !== null && typeof value === "object"
        ? Object.entries(value).every(([key, v]) => isSafeText(key) && storable(v))
        : true;
const UNSTORABLE = "não pode conter o caractere NUL nem surrogates UTF-16 isolados";

const Descricao = z
  .string({ error: "descricao deve ser um texto" })
  .max(200, "descricao deve ter no máximo 200 caracteres")
  .refine(isSafeText, `descricao ${UNSTORABLE}`);

/** A batch's list of cobv requests: each one the cobv schema (`item`) with its txid, storable as text. */
const cobsvOf = <T extends z.ZodRawShape>(item: z.ZodObject<T>) =>
  z
    .array(item.extend({ txid: TxIdSchema }).refine(storable, `a cobrança ${UNSTORABLE}`), {
      error: "cobsv deve ser uma lista de cobranças",
    })
    .min(1, "cobsv deve ter ao menos uma cobrança")
    .max(MAX_BATCH_ITEMS, `cobsv deve ter no máximo ${MAX_BATCH_ITEMS} cobranças`);

/** PUT: a description and the cobv requests (CobVSolicitada with a txid). */
export const LoteCobVSchema = z
  .object({ descricao: Descricao, cobsv: cobsvOf(CobVSolicitadaSchema) })
  .openapi("LoteCobV", { description: "A batch: a description and up to 1,000 cobv requests." });

/** PATCH: revisions of some of the batch's cobv (CobVRevisada with a txid), the description optionally. */
export const LoteCobVRevisadoSchema = z
  .object({ descricao: Descricao.optional(), cobsv: cobsvOf(CobVRevisadaSchema).optional() })
  .openapi("LoteCobVRevisado", { description: "Some cobv of a batch revised; the description optionally." });

export const LoteCobVConsultadoSchema = z
  .object({
    id: z.number().int().openapi({ format: "int64" }),
    descricao: z.string(),
    criacao: z.string().openapi({ format: "date-time" }),
    cobsv: z.array(
      z.object({
        txid: TxIdSchema,
        status: z.enum(BATCH_ITEM_STATUSES),
        problema: ProblemSchema.optional(),
        criacao: z.string().optional().openapi({ format: "date-time" }),
      }),
    ),
  })
  .openapi("LoteCobVConsultado", { description: "A batch and the state of each of its cobv requests." });

/** An item's refusal as the cobv routes answer it. */
function problemaOf(problem: ItemProblem, correlationId: string) {
  const init =
    "notFound" in problem
      ? cobvNotFound().init
      : cobvInvalid(
          problem.violations.map((v) => ({
            razao: v.razao,
            propriedade: v.propriedade ? `cobv.${v.propriedade}` : "cobv",
          })),
        ).init;
  return problemBody(init, correlationId);
}

export function batchView(batch: DueDateBatchWithItems, correlationId: string) {
  return {
    id: Number(batch.id),
    descricao: batch.description,
    criacao: batch.createdAt.toISOString(),
    cobsv: batch.items.map((item) => ({
      txid: item.txId,
      status: item.status,
      ...(item.status === "NEGADA" && item.problem
        ? { problema: problemaOf(item.problem as ItemProblem, correlationId) }
        : {}),
      ...(item.status === "CRIADA" && item.chargeCreatedAt ? { criacao: item.chargeCreatedAt.toISOString() } : {}),
    })),
  };
}
