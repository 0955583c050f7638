/**
 * How a route whose body is one resource reports refused input: the body's violations name the
 * resource (`devolucao.valor`, `webhook.webhookUrl`), a path or query parameter its own name
 * (`id`, `chave`), as the specification's violation lists do.
 */
import type { Context } from "hono";
import type { InvalidProblem } from "./context";
import { problemResponse } from "./problem";

type Issue = { message: string; path: PropertyKey[] };
type Result = { success: true } | { success: false; error: { issues: Issue[] }; target: string };

export const resourceInputHook =
  (problem: InvalidProblem & { prefix: string }) =>
  (result: Result, c: Context): Response | undefined => {
    if (result.success) return undefined;
    const { prefix, ...init } = problem;
    const violacoes = result.error.issues.map((issue) => {
      const path = issue.path.map(String);
      return {
        razao: issue.message,
        propriedade: result.target === "json" ? [prefix, ...path].join(".") : path.join(".") || result.target,
      };
    });
    return problemResponse(c, { ...init, detail: "A requisição não respeita o schema.", violacoes });
  };
