/**
 * The API Pix surface's error answers: RFC 7807 problem details with the Central Bank's type URIs
 * (`https://pix.bcb.gov.br/api/v2/error/<Type>`). Routes and the surface's middlewares throw a
 * `PixProblem`; the app renders it with the request's correlation id.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../errors";

export const PROBLEM_TYPE_BASE = "https://pix.bcb.gov.br/api/v2/error/";

/** One broken rule of a request: what is wrong, and the JSON path or parameter it is about. */
export type Violation = { razao: string; propriedade: string };

export type ProblemInit = {
  /** the last segment of the type URI, e.g. `CobOperacaoInvalida` */
  type: string;
  status: ContentfulStatusCode;
  title: string;
  detail: string;
  violacoes?: Violation[];
  /** extra response headers (WWW-Authenticate, Retry-After) */
  headers?: Record<string, string>;
};

export class PixProblem extends Error {
  readonly init: ProblemInit;
  constructor(init: ProblemInit) {
    super(init.detail);
    this.name = "PixProblem";
    this.init = init;
  }
}

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  correlationId: string;
  violacoes?: Violation[];
};

/** Runs a service call, answering its "not found" (a 404 AppError) as the operation's own problem. */
export async function notFoundAs<T>(problem: () => PixProblem, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw problem();
    throw error;
  }
}

export function problemBody(problem: ProblemInit, correlationId: string): ProblemBody {
  return {
    type: `${PROBLEM_TYPE_BASE}${problem.type}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    correlationId,
    ...(problem.violacoes?.length ? { violacoes: problem.violacoes } : {}),
  };
}

export function problemResponse(c: Context, problem: ProblemInit) {
  const correlationId = (c.get("correlationId") as string | undefined) ?? crypto.randomUUID();
  return c.body(JSON.stringify(problemBody(problem, correlationId)), problem.status, {
    ...problem.headers,
    "Content-Type": "application/problem+json",
  });
}

/** The general types every operation may answer (the specification's "Erros Gerais"). */
export const GENERAL = {
  requestInvalid: (detail: string): ProblemInit => ({
    type: "RequisicaoInvalida",
    status: 400,
    title: "Requisição inválida.",
    detail,
  }),
  accessDenied: (detail: string): ProblemInit => ({
    type: "AcessoNegado",
    status: 403,
    title: "Acesso negado.",
    detail,
  }),
  unauthorized: (detail: string): ProblemInit => ({
    type: "NaoAutorizado",
    status: 401,
    title: "Não autorizado.",
    detail,
  }),
  notFound: (detail: string): ProblemInit => ({
    type: "NaoEncontrado",
    status: 404,
    title: "Não encontrado.",
    detail,
  }),
  gone: (detail: string): ProblemInit => ({
    type: "PermanentementeRemovido",
    status: 410,
    title: "Permanentemente removido.",
    detail,
  }),
  tooManyRequests: (detail: string): ProblemInit => ({
    type: "LimiteExcedido",
    status: 429,
    title: "Limite de requisições excedido.",
    detail,
  }),
  unavailable: (detail: string): ProblemInit => ({
    type: "ServicoIndisponivel",
    status: 503,
    title: "Serviço indisponível.",
    detail,
  }),
  internal: (): ProblemInit => ({
    type: "ErroInternoDoServidor",
    status: 500,
    title: "Erro interno do servidor.",
    detail: "O servidor não pôde atender à requisição.",
  }),
  payloadTooLarge: (): ProblemInit => ({
    type: "RequisicaoInvalida",
    status: 413,
    title: "Requisição grande demais.",
    detail: "O corpo da requisição excede o tamanho máximo aceito.",
  }),
} as const;
