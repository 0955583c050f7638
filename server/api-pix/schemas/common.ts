/**
 * Pieces the API Pix lists and ids share: period and paging query parameters (the `Paginacao`
 * answer is ../paging.ts's), the end-to-end id and money patterns. Named as the specification's
 * components.
 */
import { z } from "@hono/zod-openapi";
import { VALOR_PATTERN } from "../money";

/** Query-string text to a number or boolean, leaving anything else for the schema to refuse. */
const numberFromQuery = (value: unknown) =>
  typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value;
export const booleanFromQuery = (value: unknown) => (value === "true" ? true : value === "false" ? false : value);

export const Valor = (description: string) =>
  z.string().regex(VALOR_PATTERN, "deve ter dígitos, um ponto e dois decimais (ex.: 10.50)").openapi({
    description,
    example: "10.50",
  });

export const EndToEndIdSchema = z
  .string()
  .min(32, "deve ter 32 caracteres")
  .max(32, "deve ter 32 caracteres")
  .regex(/^[a-zA-Z0-9]{32}$/, "deve ter 32 letras ou dígitos")
  .openapi("EndToEndId", {
    description: "Identificador fim a fim do Pix: 32 letras ou dígitos.",
    example: "E12345678202611281200Ab12Cd34Ef5",
  });

export const Inicio = z.iso
  .datetime({ offset: true, message: "deve ser uma data e hora RFC 3339" })
  .openapi("Inicio", { description: "Início do período (inclusive), RFC 3339.", example: "2026-11-01T00:00:00Z" });
export const Fim = z.iso
  .datetime({ offset: true, message: "deve ser uma data e hora RFC 3339" })
  .openapi("Fim", { description: "Fim do período (inclusive), RFC 3339.", example: "2026-11-30T23:59:59Z" });

export const PaginaAtual = z
  .preprocess(
    numberFromQuery,
    z.number().int("deve ser um inteiro").min(0, "não pode ser negativo").max(2_147_483_647).default(0),
  )
  .openapi({
    param: { name: "paginacao.paginaAtual", in: "query" },
    type: "integer",
    format: "int32",
    minimum: 0,
    default: 0,
    description: "Página pedida, a partir de 0.",
  });
export const ItensPorPagina = z
  .preprocess(
    numberFromQuery,
    z
      .number()
      .int("deve ser um inteiro")
      .min(1, "deve ser ao menos 1")
      .max(1000, "deve ser no máximo 1000")
      .default(100),
  )
  .openapi({
    param: { name: "paginacao.itensPorPagina", in: "query" },
    type: "integer",
    format: "int32",
    minimum: 1,
    maximum: 1000,
    default: 100,
    description: "Quantos itens por página, de 1 a 1000.",
  });
