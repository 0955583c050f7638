/**
 * What an existing API Pix client does, through the doors only: a token, a webhook on its key,
 * PUT /cob/{txid}, the sandbox payer paying the pixCopiaECola, the cob CONCLUIDA, the PIX in
 * GET /pix, a devolução, and both notifications at {webhookUrl}/pix.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { pool } from "../../server/db/pool";
import { runDeliveryPass } from "../../server/webhooks/deliver";
import { call } from "../support/fixtures";
import { allowPrivateTargets, type Receiver, relayUntil, startReceiver } from "../webhooks/support";
import { apiPixMerchantWithKey, newTxid, pixCall } from "./support";

describe("an API Pix client's journey, end to end", () => {
  let receiver: Receiver;
  let shop: Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    allowPrivateTargets(true);
    receiver = await startReceiver(() => 200);
    shop = await apiPixMerchantWithKey();
  });
  afterAll(async () => {
    allowPrivateTargets(false);
    await receiver.close();
  });

  it("charges, is paid, lists, refunds and notifies as the specification says", async () => {
    const hook = await pixCall(shop.bearer, "PUT", `/webhook/${shop.chave}`, {
      body: { webhookUrl: receiver.url("/erp") },
    });
    expect(hook.status).toBe(200);

    const txid = newTxid();
    const created = await pixCall(shop.bearer, "PUT", `/cob/${txid}`, {
      body: {
        calendario: { expiracao: 3600 },
        devedor: { cpf: "12345678909", nome: "Ana Pagadora" },
        valor: { original: "123.45" },
        chave: shop.chave,
        solicitacaoPagador: "Pedido 77",
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ txid, status: "ATIVA", revisao: 0, chave: shop.chave });
    const before = new Date(Date.now() - 60_000).toISOString();

    const paid = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/brcode/pay", {
      auth: shop.auth,
      body: { emv: created.json.pixCopiaECola, payer: { name: "Ana Pagadora", cpfCnpj: "12345678909" } },
    });
    expect(paid.status).toBe(200);
    const endToEndId = paid.json.data.endToEndId as string;

    const concluded = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(concluded.json).toMatchObject({
      status: "CONCLUIDA",
      revisao: 1,
      pix: [{ endToEndId, txid, valor: "123.45" }],
    });

    const after = new Date(Date.now() + 60_000).toISOString();
    const listed = await pixCall(shop.bearer, "GET", `/pix?inicio=${before}&fim=${after}&txid=${txid}`);
    expect(listed.status).toBe(200);
    expect(listed.json.pix).toEqual([
      expect.objectContaining({ endToEndId, txid, valor: "123.45", chave: shop.chave }),
    ]);

    const refund = await pixCall(shop.bearer, "PUT", `/pix/${endToEndId}/devolucao/dev1`, {
      body: { valor: "23.45", descricao: "Item em falta" },
    });
    expect(refund.status).toBe(201);
    expect(refund.json).toMatchObject({ id: "dev1", valor: "23.45", status: "EM_PROCESSAMENTO" });
    // The sandbox rail settles it after the answer (the worker's relay): DEVOLVIDO, with its settlement time.
    await relayUntil(
      async () => (await pixCall(shop.bearer, "GET", `/pix/${endToEndId}/devolucao/dev1`)).json.status === "DEVOLVIDO",
    );
    const refunded = await pixCall(shop.bearer, "GET", `/pix/${endToEndId}/devolucao/dev1`);
    expect(refunded.json).toMatchObject({ status: "DEVOLVIDO", horario: { liquidacao: expect.any(String) } });

    await relayUntil(async () => {
      await runDeliveryPass(pool(), { userIds: [shop.userId] });
      return receiver.requests.length >= 2;
    });
    // One delivery pass sends both, in either order.
    const byEvent = new Map(receiver.requests.map((r) => [r.headers["x-service-event-type"], r]));
    expect(receiver.requests).toHaveLength(2);
    expect([...byEvent.keys()].sort()).toEqual(["pix.received", "pix.refund"]);
    expect(receiver.requests.every((r) => r.path === "/erp/pix")).toBe(true);
    const last = JSON.parse(byEvent.get("pix.refund")?.body ?? "");
    expect(last.pix[0]).toMatchObject({ endToEndId, txid, devolucoes: [expect.objectContaining({ id: "dev1" })] });
  });
});
