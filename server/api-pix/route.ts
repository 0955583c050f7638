/**
 * The routes of one API Pix file, as `createRoute` takes them, without what each would say again:
 * the tag, the bearer security requirement, the scope check, how refused input is reported, and
 * the problem responses.
 */
import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { Scope } from "../apikeys/scopes";
import type { InvalidProblem } from "./context";
import { refusesInputAs, requirePixScope } from "./middleware/access";

type PixRouteConfig = Omit<RouteConfig, "tags" | "middleware" | "security">;

export const OAUTH_SCHEME = {
  type: "oauth2",
  description: "OAuth 2.0 client credentials: an API key's clientId and clientSecret at POST /api/pix/oauth/token.",
  flows: { clientCredentials: { tokenUrl: "/api/pix/oauth/token", scopes: {} as Record<string, string> } },
} as const;

/** RFC 7807 problem details, as every error of this surface is answered. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    correlationId: z.string().optional(),
    violacoes: z.array(z.object({ razao: z.string(), propriedade: z.string() })).optional(),
  })
  .openapi("Problema");

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: "Requisição com formato inválido.",
  401: "Sem access token válido.",
  403: "Requisição de participante autenticado que viola alguma regra de autorização.",
  404: "Recurso solicitado não foi encontrado.",
  409: "Conflito com o estado do recurso.",
  410: "O recurso existia e foi removido definitivamente.",
  429: "Limite de requisições excedido.",
  503: "Serviço indisponível no momento.",
};

function problemResponses(statuses: readonly number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: PROBLEM_DESCRIPTIONS[status] ?? "Erro.",
        content: { "application/problem+json": { schema: ProblemSchema } },
      },
    ]),
  );
}

/** A JSON answer of a route. */
export const jsonResponse = <T extends z.ZodTypeAny>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

/** A route's required JSON body. */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

export const pixRoutes =
  (tag: string) =>
  <const R extends PixRouteConfig>(scope: Scope, invalid: InvalidProblem, errors: readonly number[], route: R) =>
    createRoute({
      tags: [tag],
      ...route,
      security: [{ oAuth: [scope] }],
      middleware: [requirePixScope(scope), refusesInputAs(invalid)] as const,
      responses: { ...route.responses, ...problemResponses([...new Set([401, 403, 429, 503, ...errors])]) },
    });
