/** Gateway reads and helpers: transactions by id, CPF validation. */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { isValidCpf, onlyDigits } from "../../documents/cpf-cnpj";
import { EntryId } from "../../fields/ids";
import { Cpf } from "../../fields/text";
import { jsonBody } from "../../http/openapi-body";
import { findTransaction } from "../../transfers/lookup";
import type { GatewayEnv } from "../context";
import { answer, CpfAnswer, gatewayErrors, TransactionAnswer } from "../openapi";
import { permission } from "../pipeline/permission";
import { respond } from "../respond";
import { gatewayRoute } from "../route";
import { chargeView, payoutView, refundView } from "../views";

const transactionRoute = gatewayRoute({
  method: "get",
  path: "/pix/transactions/{id}",
  tags: ["Gateway"],
  summary: "A charge, payout or refund by id, end_to_end_id or tx_id",
  middleware: [permission("ledger:read")] as const,
  request: {
    params: z.object({
      id: EntryId.describe("A charge's tx_id, a payout's or refund's id or end_to_end_id."),
    }),
  },
  responses: {
    200: answer("The transaction, with `kind`: charge | payout | refund", TransactionAnswer),
    ...gatewayErrors(400, 404),
  },
});

const cpfRoute = gatewayRoute({
  method: "post",
  path: "/cpf/validate",
  tags: ["Gateway"],
  summary: "Check a CPF's digits",
  middleware: [permission("cpf:validate")] as const,
  request: {
    body: jsonBody(z.object({ cpf: Cpf })),
  },
  responses: {
    200: answer("The CPF's digits and whether its check digits are right", CpfAnswer),
    ...gatewayErrors(400, 413, 415),
  },
});

export function registerLookupRoutes(app: OpenAPIHono<GatewayEnv>) {
  app.openapi(transactionRoute, async (c) => {
    const { id } = c.req.valid("param");
    const found = await findTransaction(db(), c.get("apiKey").userId, id);
    if (found.kind === "charge") return respond(c, { kind: found.kind, ...chargeView(found.charge) });
    const view = found.kind === "refund" ? refundView(found.entry) : payoutView(found.entry);
    return respond(c, { kind: found.kind, ...view });
  });

  app.openapi(cpfRoute, async (c) => {
    const { cpf } = c.req.valid("json");
    return respond(c, { cpf: onlyDigits(cpf), valid: isValidCpf(cpf) });
  });
}
