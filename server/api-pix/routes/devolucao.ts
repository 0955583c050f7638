/**
 * PUT and GET /pix/{e2eid}/devolucao/{id}: refunds of a received PIX through the one refund service
 * (server/refunds), named by the client's id. The service's refusals become `PixDevolucaoInvalida`
 * with the violation the specification lists for each.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { findIdentifiedRefund, requestIdentifiedRefund } from "../../refunds/identified";
import { getReceivedPix } from "../../refunds/received";
import type { ApiPixEnv } from "../context";
import { resourceInputHook } from "../invalid-input";
import { centsOfValor } from "../money";
import { PixProblem, type Violation } from "../problem";
import { pixRoutes } from "../route";
import { Devolucao, DevolucaoPathParams, DevolucaoSolicitada } from "../schemas/pix";
import { devolucaoView } from "../views/pix";
import { orPixNotFound } from "./pix";

const route = pixRoutes("Pix");

const INVALID = { type: "PixDevolucaoInvalida", title: "Devolução inválida.", status: 400 } as const;

const invalidRefund = (detail: string, violacao: Violation) =>
  new PixProblem({ ...INVALID, detail, violacoes: [violacao] });

type Refusal = readonly [detail: string, razao: string, propriedade: string];

/** What each refusal of the refund service, by its reason, means on this surface. */
const REFUSALS = new Map<string, Refusal>(
  Object.entries({
    REFUND_ABOVE_REMAINING: [
      "A devolução, somada às anteriores, passaria do valor do Pix.",
      "A soma das devoluções excederia o valor do Pix original.",
      "devolucao.valor",
    ],
    REFUND_WINDOW_CLOSED: [
      "O prazo para devolver este Pix terminou.",
      "Devoluções só podem ser pedidas até 90 dias depois do Pix original.",
      "e2eid",
    ],
    REFUND_ID_TAKEN: [
      "Este id de devolução já foi usado para este Pix com outra requisição.",
      "O id já identifica outra devolução deste Pix.",
      "id",
    ],
    REFUND_NATURE_NOT_APPLICABLE: [
      "A natureza pedida não se aplica a este Pix.",
      "RETIRADA só se aplica a Pix Saque ou Pix Troco.",
      "devolucao.natureza",
    ],
    REFUND_IN_PROGRESS: [
      "Outra devolução deste Pix ainda está em processamento.",
      "Aguarde a devolução em processamento terminar antes de pedir outra.",
      "e2eid",
    ],
    NOT_REFUNDABLE_PIX: [
      "Este Pix não pode ser devolvido.",
      "O Pix não está liquidado ou não é um Pix recebido.",
      "e2eid",
    ],
  }),
);

const NO_BALANCE: Refusal = [
  "Não há saldo disponível para esta devolução.",
  "O saldo disponível da conta é menor que o valor da devolução.",
  "devolucao.valor",
];

function refusal(error: AppError): PixProblem | null {
  const known =
    (error.reason === undefined ? undefined : REFUSALS.get(error.reason)) ??
    (error.code === "INSUFFICIENT_BALANCE" ? NO_BALANCE : undefined);
  if (known) {
    const [detail, razao, propriedade] = known;
    return invalidRefund(detail, { razao, propriedade });
  }
  if (error.code === "FORBIDDEN" || error.status === 422) {
    return invalidRefund(error.message, { razao: error.message, propriedade: "e2eid" });
  }
  return null;
}

const putRoute = route("pix.write", { ...INVALID, prefix: "devolucao" }, [400, 404], {
  method: "put",
  path: "/pix/{e2eid}/devolucao/{id}",
  summary: "Solicitar devolução",
  description:
    "Pede a devolução de parte ou de todo um Pix recebido. Repetir o mesmo pedido com o mesmo id responde a devolução já feita.",
  request: {
    params: DevolucaoPathParams,
    body: { required: true, content: { "application/json": { schema: DevolucaoSolicitada } } },
  },
  responses: { 201: { description: "A devolução pedida.", content: { "application/json": { schema: Devolucao } } } },
});

const getRoute = route(
  "pix.read",
  { type: "PixDevolucaoNaoEncontrada", title: "Devolução não encontrada.", status: 404 },
  [404],
  {
    method: "get",
    path: "/pix/{e2eid}/devolucao/{id}",
    summary: "Consultar devolução",
    description: "Uma devolução de um Pix recebido, pelo id que o cliente lhe deu.",
    request: { params: DevolucaoPathParams },
    responses: { 200: { description: "A devolução.", content: { "application/json": { schema: Devolucao } } } },
  },
);

export function registerDevolucaoRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(
    putRoute,
    async (c) => {
      const { e2eid, id } = c.req.valid("param");
      const body = c.req.valid("json");
      const amountCents = centsOfValor(body.valor);
      if (amountCents <= 0n) {
        throw invalidRefund("O valor da devolução deve ser maior que zero.", {
          razao: "O valor deve ser maior que 0.00.",
          propriedade: "devolucao.valor",
        });
      }
      const result = await orPixNotFound(
        requestIdentifiedRefund(db(), {
          userId: c.get("apiKey").userId,
          endToEndId: e2eid,
          clientId: id,
          amountCents,
          ...(body.natureza ? { nature: body.natureza } : {}),
          description: body.descricao ?? null,
        }),
      ).catch((error: unknown) => {
        throw error instanceof AppError ? (refusal(error) ?? error) : error;
      });
      return c.json(devolucaoView(result.refund, result.identifier), 201);
    },
    resourceInputHook({ ...INVALID, prefix: "devolucao" }),
  );

  app.openapi(getRoute, async (c) => {
    const { e2eid, id } = c.req.valid("param");
    const userId = c.get("apiKey").userId;
    const received = await orPixNotFound(getReceivedPix(db(), userId, e2eid));
    const found = await findIdentifiedRefund(db(), userId, received.credit.endToEndId as string, id);
    if (!found) {
      throw new PixProblem({
        type: "PixDevolucaoNaoEncontrada",
        status: 404,
        title: "Devolução não encontrada.",
        detail: "Nenhuma devolução com este id para o Pix informado.",
      });
    }
    return c.json(devolucaoView(found.refund, found.identifier), 200);
  });
}
