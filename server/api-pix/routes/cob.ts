/**
 * API Pix `cob`: PUT/POST/PATCH/GET /cob/{txid}, GET /cob. Shapes only: the rules are the charge
 * model's (server/charges/cob.ts).
 */
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { CobFields } from "../../charges/cob";
import { createCob, getCob, listCobs, reviseCob } from "../../charges/cob";
import { db } from "../../db/client";
import type { ApiPixEnv } from "../context";
import { centsOfDecimal } from "../money";
import { pixRoutes } from "../route";
import { CobCompletaSchema, CobGeradaSchema, CobRevisadaSchema, CobSolicitadaSchema } from "../schemas/cob";
import { cobCompleteView, cobView, locationsOf } from "../views/cob";
import {
  ChargeListQuery,
  chargeListFilters,
  chargeListParametros,
  chargeRoutes,
  creationRoutes,
} from "./charge-routes";
import { asCob, COB_INVALID, COB_QUERY_INVALID, cobInvalid, cobQueryInvalid } from "./cob-problems";

const route = pixRoutes("Cob");

const { put: putCob, post: postCob } = creationRoutes(
  route,
  "cob",
  COB_INVALID,
  {
    put: "Create an immediate charge with your txid",
    post: "Create an immediate charge (txid chosen by the platform)",
  },
  { solicitada: CobSolicitadaSchema, created: { description: "The charge created.", schema: CobGeradaSchema } },
);

const {
  patch: patchCob,
  getOne,
  list: listRoute,
} = chargeRoutes(route, {
  path: "/cob",
  scopes: { write: "cob.write", read: "cob.read" },
  invalid: COB_INVALID,
  queryInvalid: COB_QUERY_INVALID,
  noun: "immediate charge",
  article: "An",
  schemas: {
    revisada: CobRevisadaSchema,
    gerada: CobGeradaSchema,
    completa: CobCompletaSchema,
    listQuery: ChargeListQuery,
  },
  pageName: "CobsConsultadas",
});

type CobBody = z.infer<typeof CobRevisadaSchema>;

/** The request's cob as charge fields; the amount read exactly (`\d{1,10}\.\d{2}`). */
function fieldsOf(cob: CobBody): CobFields {
  let amountCents: bigint | undefined;
  if (cob.valor?.original !== undefined) {
    const cents = centsOfDecimal(cob.valor.original);
    if (cents === null) {
      throw cobInvalid([{ razao: "valor.original deve ter a forma 0.00.", propriedade: "cob.valor.original" }]);
    }
    amountCents = cents;
  }
  const debtor = cob.devedor
    ? { document: "cpf" in cob.devedor ? cob.devedor.cpf : cob.devedor.cnpj, name: cob.devedor.nome }
    : undefined;
  return {
    expirationSeconds: cob.calendario?.expiracao,
    amountCents,
    amountEditable: cob.valor?.modalidadeAlteracao === undefined ? undefined : cob.valor.modalidadeAlteracao === 1,
    pixKey: cob.chave,
    debtor,
    payerRequest: cob.solicitacaoPagador,
    additionalInfo: cob.infoAdicionais,
    locationId: cob.loc ? BigInt(cob.loc.id) : undefined,
  };
}

async function created(txId: string | null, userId: string, cob: z.infer<typeof CobSolicitadaSchema>) {
  const fields = fieldsOf(cob);
  const { charge, location } = await asCob(() =>
    createCob(db(), userId, txId, { ...fields, amountCents: fields.amountCents ?? 0n, pixKey: cob.chave }),
  );
  return cobView(charge, location);
}

export function registerCobRoutes(app: OpenAPIHono<ApiPixEnv>) {
  app.openapi(putCob, async (c) =>
    c.json(await created(c.req.valid("param").txid, c.get("apiKey").userId, c.req.valid("json")), 201),
  );

  app.openapi(postCob, async (c) => c.json(await created(null, c.get("apiKey").userId, c.req.valid("json")), 201));

  app.openapi(patchCob, async (c) => {
    const cob = c.req.valid("json");
    const fields = fieldsOf(cob);
    const { charge, location } = await asCob(() =>
      reviseCob(db(), c.get("apiKey").userId, c.req.valid("param").txid, {
        ...fields,
        remove: cob.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR",
      }),
    );
    return c.json(cobView(charge, location), 200);
  });

  app.openapi(getOne, async (c) => {
    const { revisao } = c.req.valid("query");
    const charge = await asCob(() => getCob(db(), c.get("apiKey").userId, c.req.valid("param").txid, revisao));
    return c.json(cobCompleteView(charge, (await locationsOf(db(), [charge]))(charge)), 200);
  });

  app.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { violacoes, filters } = chargeListFilters(query);
    if (violacoes.length) throw cobQueryInvalid(violacoes);
    const { charges, total } = await listCobs(db(), c.get("apiKey").userId, filters);
    const locationOf = await locationsOf(db(), charges);
    return c.json(
      {
        parametros: chargeListParametros(query, total),
        cobs: charges.map((charge) => cobCompleteView(charge, locationOf(charge))),
      },
      200,
    );
  });
}
