/** How the cobv routes answer the due-date service's refusals: the specification's CobV* problem types. */
import { DueDateChargeRefused } from "../../charges/due-date/service";
import { AppError } from "../../errors";
import { PixProblem, type Violation } from "../problem";

export const COBV_INVALID = {
  type: "CobVOperacaoInvalida",
  title: "Cobrança com vencimento inválida.",
  status: 400,
  prefix: "cobv",
} as const;
export const COBV_QUERY_INVALID = { type: "CobVConsultaInvalida", title: "Consulta inválida.", status: 400 } as const;

export function cobvInvalid(violacoes: Violation[]): PixProblem {
  const { prefix: _, ...problem } = COBV_INVALID;
  return new PixProblem({
    ...problem,
    detail: "A cobrança com vencimento não respeita o schema ou as regras de cobrança.",
    violacoes,
  });
}

export function cobvQueryInvalid(violacoes: Violation[]): PixProblem {
  return new PixProblem({ ...COBV_QUERY_INVALID, detail: "Os parâmetros da consulta não são válidos.", violacoes });
}

export const cobvNotFound = () =>
  new PixProblem({
    type: "CobVNaoEncontrada",
    status: 404,
    title: "Cobrança com vencimento não encontrada.",
    detail: "Não há cobrança com vencimento deste usuário recebedor com este txid.",
  });

/** Runs the due-date service, answering its refusals as the specification's cobv problems. */
export async function asCobV<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DueDateChargeRefused) {
      if (error.violations.some((v) => v.propriedade === "revisao")) throw cobvQueryInvalid(error.violations);
      throw cobvInvalid(error.violations.map((v) => ({ razao: v.razao, propriedade: `cobv.${v.propriedade}` })));
    }
    if (error instanceof AppError && error.status === 404) throw cobvNotFound();
    throw error;
  }
}
