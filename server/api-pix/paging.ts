/**
 * The query parameters every API Pix list shares — `inicio`, `fim`, `paginacao.paginaAtual`,
 * `paginacao.itensPorPagina` — and the `parametros.paginacao` its answer carries.
 */
import { z } from "@hono/zod-openapi";
import type { Violation } from "./problem";

const Instant = (what: string) =>
  z.iso
    .datetime({ offset: true, message: `${what} deve ser um instante RFC 3339` })
    .openapi({ description: `${what}: an RFC 3339 instant; the list holds what was created from inicio to fim.` });

const PageNumber = z
  .string()
  .regex(/^\d{1,9}$/, "paginacao.paginaAtual deve ser um inteiro não negativo")
  .transform(Number)
  .openapi({ type: "integer", format: "int32", minimum: 0, default: 0, description: "Page to answer, from 0." });

const PageSize = z
  .string()
  .regex(/^\d{1,4}$/, "paginacao.itensPorPagina deve ser um inteiro de 1 a 1000")
  .transform(Number)
  .refine((size) => size >= 1 && size <= 1000, "paginacao.itensPorPagina deve ser um inteiro de 1 a 1000")
  .openapi({
    type: "integer",
    format: "int32",
    minimum: 1,
    maximum: 1000,
    default: 100,
    description: "Items per page.",
  });

/** A boolean query parameter (`true` | `false`). */
export const QueryBoolean = z
  .enum(["true", "false"], { message: "deve ser true ou false" })
  .transform((value) => value === "true")
  .openapi({ type: "boolean" });

export const PeriodQuery = {
  inicio: Instant("inicio"),
  fim: Instant("fim"),
  "paginacao.paginaAtual": PageNumber.optional(),
  "paginacao.itensPorPagina": PageSize.optional(),
};

export type PeriodParams = {
  inicio: string;
  fim: string;
  "paginacao.paginaAtual"?: number;
  "paginacao.itensPorPagina"?: number;
};

/** The period and page asked for; a violation of `fim` when it comes before `inicio`. */
export function periodOf(query: PeriodParams) {
  const inicio = new Date(query.inicio);
  const fim = new Date(query.fim);
  return {
    inicio,
    fim,
    page: query["paginacao.paginaAtual"] ?? 0,
    size: query["paginacao.itensPorPagina"] ?? 100,
    fimBeforeInicio: fim < inicio,
  };
}

/** What is wrong with a list's period: an end before its start. */
export function periodViolations(period: { fimBeforeInicio: boolean }): Violation[] {
  return period.fimBeforeInicio ? [{ razao: "fim é anterior a inicio.", propriedade: "fim" }] : [];
}

export const PaginacaoSchema = z
  .object({
    paginaAtual: z.number().int().min(0).openapi({ description: "Página desta resposta." }),
    itensPorPagina: z.number().int().min(1).openapi({ description: "Itens por página pedidos." }),
    quantidadeDePaginas: z.number().int().min(1).openapi({ description: "Quantas páginas há." }),
    quantidadeTotalDeItens: z.number().int().min(0).openapi({ description: "Quantos itens atendem aos filtros." }),
  })
  .openapi("Paginacao");

/** `quantidadeDePaginas` is at least 1, as the specification's schema asks, even for an empty list. */
export function paginacao(page: number, size: number, total: number) {
  return {
    paginaAtual: page,
    itensPorPagina: size,
    quantidadeDePaginas: Math.max(1, Math.ceil(total / size)),
    quantidadeTotalDeItens: total,
  };
}
