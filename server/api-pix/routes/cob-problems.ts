/** How the cob routes answer a charge rule's refusal: the specification's Cob* problem types. */
import type { CobRule } from "../../charges/cob-errors";
import { CobRuleError } from "../../charges/cob-errors";
import { AppError } from "../../errors";
import { PixProblem, type Violation } from "../problem";

const RAZAO: Record<CobRule, string> = {
  TXID_INVALID: "O txid deve ter de 26 a 35 letras ou dígitos.",
  TXID_TAKEN: "Já existe uma cobrança com este txid; revise-a com PATCH enquanto estiver ATIVA.",
  NOT_ACTIVE: "A cobrança não está ATIVA e não pode mais ser alterada.",
  REMOVE_WITH_CHANGES: "A remoção da cobrança não admite outras alterações na mesma requisição.",
  EXPIRATION_NOT_POSITIVE: "A expiração deve ser maior que zero.",
  EXPIRATION_TOO_LONG: "A expiração deve ser de no máximo um ano (31536000 segundos).",
  AMOUNT_ZERO: "O valor original deve ser maior que zero.",
  AMOUNT_ABOVE_LIMIT: "O valor original excede o limite por transação.",
  CHAVE_INVALID: "A chave não é uma chave Pix válida.",
  CHAVE_NOT_OWN: "A chave não está registrada em uma conta deste usuário recebedor.",
  CHAVE_EXTERNAL_ID_TAKEN: "A conta desta chave já tem uma cobrança com o externalId desta cobrança.",
  DEBTOR_DOCUMENT_INVALID: "O CPF ou CNPJ do devedor não é válido.",
  LOC_NOT_FOUND: "A location indicada em loc.id não existe.",
  LOC_IN_USE: "A location indicada em loc.id já serve outra cobrança.",
  LOC_WRONG_TYPE: "A location indicada em loc.id é do tipo cobv; uma cob pede uma do tipo cob.",
  REVISION_NOT_FOUND: "A cobrança não tem a revisão pedida.",
};

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
