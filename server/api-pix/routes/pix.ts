/** GET /pix/{e2eid} and GET /pix: the PIX received on the merchant's accounts, with their refunds. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { getReceivedPix, listReceivedPix } from "../../refunds/received";
import type { ApiPixEnv } from "../context";
import { paginacao } from "../paging";
import { PixProblem } from "../problem";
import { pixRoutes } from "../route";
import { Pix, PixConsultados, PixListQuery, PixPathParams } from "../schemas/pix";
import { pixView } from "../views/pix";

const route = pixRoutes("Pix");

export const PIX_NOT_FOUND = (detail = "Nenhum Pix recebido com este e2eid.") =>
  new PixProblem({ type: "PixNaoEncontrado", status: 404, title: "Pix não encontrado.", detail });

/** A service's 404 for the received PIX becomes the tag's own type. */
export async function orPixNotFound<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) throw PIX_NOT_FOUND();
    throw error;
  });
}

const getPixRoute = route("pix.read", { type: "PixNaoEncontrado", title: "Pix não encontrado.", status: 404 }, [404], {
  method: "get",
  path: "/pix/{e2eid}",
  summary: "Consultar um Pix recebido",
  description: "Um Pix recebido em uma conta do recebedor, com suas devoluções.",
  request: { params: PixPathParams },
  responses: { 200: { description: "O Pix recebido.", content: { "application/json": { schema: Pix } } } },
});

const listPixRoute = route(
  "pix.read",
  { type: "PixConsultaInvalida", title: "Consulta de Pix inválida.", status: 400 },
  [400],
  {
    method: "get",
    path: "/pix",
    summary: "Consultar Pix recebidos",
    description: "Os Pix recebidos no período, do mais antigo ao mais novo, com filtros e paginação.",
    request: { query: PixListQuery },
    responses: {
      200: { description: "Uma página de Pix recebidos.", content: { "application/json": { schema: PixConsultados } } },
    },
  },
);

export function registerPixRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(getPixRoute, async (c) => {
    const { e2eid } = c.req.valid("param");
    const received = await orPixNotFound(getReceivedPix(db(), c.get("apiKey").userId, e2eid));
    return c.json(pixView(received), 200);
  });

  app.openapi(listPixRoute, async (c) => {
    const query = c.req.valid("query");
    const page = query["paginacao.paginaAtual"];
    const perPage = query["paginacao.itensPorPagina"];
    const { items, total } = await listReceivedPix(db(), c.get("apiKey").userId, {
      from: new Date(query.inicio),
      to: new Date(query.fim),
      txId: query.txid,
      withTxId: query.txIdPresente,
      withRefund: query.devolucaoPresente,
      payerDocument: query.cpf ?? query.cnpj,
      page,
      perPage,
    });
    return c.json(
      {
        parametros: {
          inicio: query.inicio,
          fim: query.fim,
          // The specification's ParametrosConsultaPix only holds charge txids (26 to 35 characters).
          ...(query.txid !== undefined && query.txid.length >= 26 ? { txid: query.txid } : {}),
          ...(query.txIdPresente !== undefined ? { txIdPresente: query.txIdPresente } : {}),
          ...(query.devolucaoPresente !== undefined ? { devolucaoPresente: query.devolucaoPresente } : {}),
          ...(query.cpf !== undefined ? { cpf: query.cpf } : {}),
          ...(query.cnpj !== undefined ? { cnpj: query.cnpj } : {}),
          paginacao: paginacao(page, perPage, total),
        },
        pix: items.map(pixView),
      },
      200,
    );
  });
}
