/**
 * API Pix `solicrec` (consent requests of Pix Automático recurrences): POST /solicrec,
 * GET/PATCH /solicrec/{idSolicRec}. Shapes only: the rules are the requests service's
 * (server/recurrences/requests.ts).
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db, type Tx } from "../../db/client";
import { AppError } from "../../errors";
import type { RecurrenceRequest } from "../../generated/prisma/client";
import { RecurrenceRefused } from "../../recurrences/model";
import { cancelRequest, createRequest, getRequest } from "../../recurrences/requests";
import type { ApiPixEnv } from "../context";
import { PixProblem } from "../problem";
import { jsonBody as body, jsonResponse as json, pixRoutes } from "../route";
import { SolicRecCompletaSchema, SolicRecRevisadaSchema, SolicRecSolicitadaSchema } from "../schemas/solicrec";
import { solicRecView } from "../views/solicrec";

const route = pixRoutes("SolicRec");

const SOLICREC_INVALID = {
  type: "SolicRecOperacaoInvalida",
  title: "Operação inválida.",
  status: 400,
  prefix: "solicrec",
} as const;

/** Runs the requests service, answering its refusals as the specification's SolicRec problems. */
async function asSolicRec<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RecurrenceRefused) {
      throw new PixProblem({
        type: SOLICREC_INVALID.type,
        title: SOLICREC_INVALID.title,
        status: 400,
        detail: "A solicitação de confirmação de recorrência não respeita o schema ou as regras da solicitação.",
        violacoes: error.violations.map((v) => ({ razao: v.razao, propriedade: `solicrec.${v.propriedade}` })),
      });
    }
    if (error instanceof AppError && error.status === 404) {
      throw new PixProblem({
        type: "SolicRecNaoEncontrada",
        status: 404,
        title: "Solicitação de recorrência não encontrada.",
        detail: "Não há solicitação de recorrência deste usuário recebedor com este idSolicRec.",
      });
    }
    throw error;
  }
}

const IdSolicRecParam = z.object({
  idSolicRec: z.string().openapi({ description: "The consent request's idSolicRec." }),
});

const postSolicRec = route("solicrec.write", SOLICREC_INVALID, [400, 404], {
  method: "post",
  path: "/solicrec",
  summary: "Send a recurrence's consent request to the payer",
  request: { body: body(SolicRecSolicitadaSchema) },
  responses: { 201: json("The request created.", SolicRecCompletaSchema) },
});

const getSolicRec = route("solicrec.read", SOLICREC_INVALID, [404], {
  method: "get",
  path: "/solicrec/{idSolicRec}",
  summary: "A consent request",
  request: { params: IdSolicRecParam },
  responses: { 200: json("The request.", SolicRecCompletaSchema) },
});

const patchSolicRec = route("solicrec.write", SOLICREC_INVALID, [400, 404], {
  method: "patch",
  path: "/solicrec/{idSolicRec}",
  summary: "Cancel a consent request",
  request: { params: IdSolicRecParam, body: body(SolicRecRevisadaSchema) },
  // the specification answers a revised request with 201
  responses: { 201: json("The request cancelled.", SolicRecCompletaSchema) },
});

/** A request with its recurrence as the payer sees it. */
export async function shownRequest(tx: Tx, request: RecurrenceRequest) {
  const rec = await tx.recurrence.findUniqueOrThrow({ where: { idRec: request.idRec } });
  const account = await tx.account.findUniqueOrThrow({ where: { id: rec.accountId } });
  return solicRecView(request, rec, account);
}

export function registerSolicRecRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(postSolicRec, async (c) => {
    const input = c.req.valid("json");
    const { destinatario } = input;
    const created = await asSolicRec(() =>
      db().$transaction((tx) =>
        createRequest(tx, {
          userId: c.get("apiKey").userId,
          idRec: input.idRec,
          expiresAt: new Date(input.calendario.dataExpiracaoSolicitacao),
          recipient: {
            conta: destinatario.conta,
            ispbParticipante: destinatario.ispbParticipante,
            ...(destinatario.agencia !== undefined ? { agencia: destinatario.agencia } : {}),
            document: "cpf" in destinatario ? destinatario.cpf : destinatario.cnpj,
          },
        }),
      ),
    );
    return c.json(await shownRequest(db(), created), 201);
  });

  app.openapi(getSolicRec, async (c) => {
    const request = await asSolicRec(() =>
      db().$transaction((tx) => getRequest(tx, c.get("apiKey").userId, c.req.valid("param").idSolicRec)),
    );
    return c.json(await shownRequest(db(), request), 200);
  });

  app.openapi(patchSolicRec, async (c) => {
    c.req.valid("json");
    const cancelled = await asSolicRec(() =>
      db().$transaction((tx) => cancelRequest(tx, c.get("apiKey").userId, c.req.valid("param").idSolicRec)),
    );
    return c.json(await shownRequest(db(), cancelled), 201);
  });
}
