/** How the cob routes answer a charge rule's refusal: the specification's Cob* problem types. */
import { CobRuleError, COB_RULE_RAZAO as RAZAO } from "../../charges/cob-errors";
import { AppError } from "../../errors";
import { PixProblem, type Violation } from "../problem";

export const COB_INVALID = {
  type: "CobOperacaoInvalida",
  title: "Cobrança inválida.",
  status: 400,
  prefix: "cob",
} as const;
export const COB_QUERY_INVALID = { type: "CobConsultaInvalida", title: "Consulta inválida.", status: 400 } as const;

export function cobInvalid(violacoes: Violation[]): PixProblem {
  const { prefix: _, ...problem } = COB_INVALID;
  return new PixProblem({
    ...problem,
    detail: "A cobrança não respeita o schema ou as regras de cobrança.",
    violacoes,
  });
}

export function cobQueryInvalid(violacoes: Violation[]): PixProblem {
  return new PixProblem({ ...COB_QUERY_INVALID, detail: "Os parâmetros da consulta não são válidos.", violacoes });
}

export const cobNotFound = () =>
  new PixProblem({
    type: "CobNaoEncontrado",
    status: 404,
    title: "Cobrança não encontrada.",
    detail: "Não há cobrança deste usuário recebedor com este txid.",
  });

/** Runs a charge service, answering its refusals as the specification's cob problems. */
export async function asCob<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CobRuleError) {
      const violacoes = [{ razao: RAZAO[error.rule], propriedade: `cob.${error.field}` }];
      if (error.rule === "REVISION_NOT_FOUND")
        throw cobQueryInvalid([{ razao: RAZAO[error.rule], propriedade: "revisao" }]);
      throw cobInvalid(violacoes);
    }
    if (error instanceof AppError && error.status === 404) throw cobNotFound();
    throw error;
  }
}
