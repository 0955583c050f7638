import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { recordEvent } from "../../server/outbox/record";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import { settleRecurrence } from "../../server/recurrences/service";
import { createWebhookConfig } from "../../server/webhooks/account-configs";
import { runDeliveryPass } from "../../server/webhooks/deliver";
import { allowPrivateTargets, type Receiver, relayUntil, startReceiver } from "../webhooks/support";
import { approvedRec, createdCobr } from "./cobr-support";
import { apiPixCompanyWithKey, createdRec } from "./rec-support";
import { expectSpecWebhookBody } from "./spec-validator";
import { type ApiPixMerchant, PROBLEM, pixCall } from "./support";

/** An event of a cobr the merchant does not have (a txid no charge carries): nothing is sent for it. */
const recordUnknownCobrEvent = (merchant: { userId: string; accountId: string }, idRec: string) =>
  db().$transaction((tx) =>
    recordEvent(tx, {
      topic: "recurring_charge.updated",
      userId: merchant.userId,
      accountId: merchant.accountId,
      payload: { txid: "cobrDesconhecida000000000000001", idRec, status: "ATIVA" },
    }),
  );

/** A real cobr of the merchant, activated by the worker's settlement pass (its ATIVA event recorded). */
async function activatedCobr(merchant: ApiPixMerchant) {
  const idRec = await approvedRec(merchant);
  const txid = await createdCobr(merchant, idRec);
  await settleRecurringCharges(db(), new Date(), idRec);
  return { idRec, txid };
}

const KINDS = [
  { path: "/webhookrec", tag: "WebhookRec", scope: "webhookrec" },
  { path: "/webhookcobr", tag: "WebhookCobR", scope: "webhookcobr" },
] as const;

describe.each(KINDS)("API Pix $path", ({ path, tag, scope }) => {
  beforeAll(() => allowPrivateTargets(true));
  afterAll(() => allowPrivateTargets(false));

  it("PUT sets the URL (another PUT replaces it), GET reads it, DELETE removes it (then 404)", async () => {
    const shop = await apiPixCompanyWithKey();
    expect((await pixCall(shop.bearer, "GET", path)).status).toBe(404);
    const put = await pixCall(shop.bearer, "PUT", path, { body: { webhookUrl: "https://127.0.0.1:9/erp" } });
    expect(put.status).toBe(200);
    const read = await pixCall(shop.bearer, "GET", path);
    expect(read.json).toEqual({ webhookUrl: "https://127.0.0.1:9/erp", criacao: expect.any(String) });
    await pixCall(shop.bearer, "PUT", path, { body: { webhookUrl: "https://127.0.0.1:9/other" } });
    expect((await pixCall(shop.bearer, "GET", path)).json).toEqual({
      webhookUrl: "https://127.0.0.1:9/other",
      criacao: read.json.criacao,
    });
    // another merchant sees none of it
    const other = await apiPixCompanyWithKey();
    expect((await pixCall(other.bearer, "GET", path)).status).toBe(404);
    expect((await pixCall(other.bearer, "DELETE", path)).status).toBe(404);

    expect((await pixCall(shop.bearer, "DELETE", path)).status).toBe(204);
    const gone = await pixCall(shop.bearer, "GET", path);
    expect(gone.status).toBe(404);
    expect(gone.json.type).toBe(`${PROBLEM}NaoEncontrado`);
    expect((await pixCall(shop.bearer, "DELETE", path)).status).toBe(404);
  });

  it.each([
    ["no URL", {}],
    ["a relative URL", { webhookUrl: "/erp" }],
    ["a URL the SSRF guard refuses (a scheme other than http/https)", { webhookUrl: "ftp://127.0.0.1/erp" }],
  ])(`PUT refuses %s as ${tag}OperacaoInvalida naming webhook.webhookUrl`, async (_, body) => {
    const shop = await apiPixCompanyWithKey();
    const res = await pixCall(shop.bearer, "PUT", path, { body });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}${tag}OperacaoInvalida`);
    expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toEqual(["webhook.webhookUrl"]);
    expect((await pixCall(shop.bearer, "GET", path)).status).toBe(404);
  });

  it("PUT refuses a private target when private targets are not allowed", async () => {
    allowPrivateTargets(false);
    try {
      const shop = await apiPixCompanyWithKey();
      const res = await pixCall(shop.bearer, "PUT", path, { body: { webhookUrl: "https://127.0.0.1:9/erp" } });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}${tag}OperacaoInvalida`);
    } finally {
      allowPrivateTargets(true);
    }
  });

  it(`scopes: ${scope}.write to set and remove, ${scope}.read to read`, async () => {
    const reader = await apiPixCompanyWithKey(`${scope}.read`);
    const writer = await apiPixCompanyWithKey(`${scope}.write`);
    const body = { webhookUrl: "https://127.0.0.1:9/erp" };
    expect((await pixCall(reader.bearer, "PUT", path, { body })).status).toBe(403);
    expect((await pixCall(reader.bearer, "DELETE", path)).status).toBe(403);
    expect((await pixCall(writer.bearer, "PUT", path, { body })).status).toBe(200);
    expect((await pixCall(writer.bearer, "GET", path)).status).toBe(403);
    expect((await pixCall(reader.bearer, "GET", path)).status).toBe(404);
  });
});

describe("recurrence webhooks deliver { recs: [...] } at {url}/rec", () => {
  let receiver: Receiver;

  beforeAll(async () => {
    allowPrivateTargets(true);
    receiver = await startReceiver(() => 200);
  });
  afterAll(async () => {
    allowPrivateTargets(false);
    await receiver.close();
  });

  const deliveriesOf = (userId: string) =>
    db().webhookDelivery.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });

  it("a recurrence's creation and each status change reach the webhookrec and the account surface's configuration", async () => {
    const shop = await apiPixCompanyWithKey();
    const put = await pixCall(shop.bearer, "PUT", "/webhookrec", { body: { webhookUrl: receiver.url("/erp/") } });
    expect(put.status).toBe(200);
    const { config } = await createWebhookConfig(db(), shop.userId, {
      event: ["pix_automatico:recurrence_updated"],
      targetUrl: receiver.url("/account-hook"),
    });

    const idRec = await createdRec(shop.bearer);
    await settleRecurrence(db(), shop.userId, idRec, { to: "APROVADA", journey: "JORNADA_2" });
    await relayUntil(async () => (await deliveriesOf(shop.userId)).length >= 4);
    await runDeliveryPass(pool(), { userIds: [shop.userId] });

    const toRec = receiver.requests.filter((r) => r.path === "/erp/rec");
    expect(toRec).toHaveLength(2);
    // each delivery carries the recurrence as it is when fanned out (both relayed after the approval)
    for (const request of toRec) {
      const body = JSON.parse(request.body);
      expect(body.recs).toHaveLength(1);
      expect(body.recs[0]).toMatchObject({
        idRec,
        status: "APROVADA",
        atualizacao: [{ status: "CRIADA" }, { status: "APROVADA" }],
        ativacao: { tipoJornada: "JORNADA_2" },
      });
      expect(request.headers["x-service-event-type"]).toBe("rec.updated");
    }
    const toAccount = receiver.requests.filter((r) => r.path === "/account-hook");
    expect(toAccount).toHaveLength(2);
    expect(JSON.parse(toAccount[0]?.body ?? "")).toMatchObject({
      webhookId: config.id,
      userId: shop.userId,
      accountId: shop.accountId,
      event: "pix_automatico:recurrence_updated",
      object: { idRec },
    });
    const deliveries = await deliveriesOf(shop.userId);
    expect(deliveries.map((d) => d.status)).toEqual(["delivered", "delivered", "delivered", "delivered"]);
  });

  it("nothing is sent to a merchant without the webhook, nor for another merchant's recurrence", async () => {
    const quiet = await apiPixCompanyWithKey();
    const watcher = await apiPixCompanyWithKey();
    await pixCall(watcher.bearer, "PUT", "/webhookrec", { body: { webhookUrl: receiver.url("/watcher/") } });
    await createdRec(quiet.bearer);
    await relayUntil(async () => true);
    expect(await db().webhookDelivery.count({ where: { userId: { in: [quiet.userId, watcher.userId] } } })).toBe(0);
  });

  it("a recurring charge's event reaches the webhookcobr at {url}/cobr as { cobsr: [<the cobr>] }; an unknown cobr sends nothing", async () => {
    const shop = await apiPixCompanyWithKey();
    await pixCall(shop.bearer, "PUT", "/webhookcobr", { body: { webhookUrl: receiver.url("/cobr-erp/") } });
    const { idRec, txid } = await activatedCobr(shop);
    await recordUnknownCobrEvent(shop, idRec);
    await relayUntil(
      async () => (await db().outboxEvent.count({ where: { userId: shop.userId, publishedAt: null } })) === 0,
    );
    await runDeliveryPass(pool(), { userIds: [shop.userId] });
    const toCobr = receiver.requests.filter((r) => r.path === "/cobr-erp/cobr");
    expect(toCobr).toHaveLength(1);
    const body = JSON.parse(toCobr[0]?.body ?? "");
    expectSpecWebhookBody("WebhookCobRBody", body);
    // the charge as GET /cobr/{txid} answers it: ATIVA, its first attempt scheduled
    const read = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(body).toEqual({ cobsr: [read.json] });
    expect(body.cobsr[0]).toMatchObject({
      idRec,
      txid,
      status: "ATIVA",
      tentativas: [{ tipo: "AGND", status: "AGENDADA" }],
    });
    // the webhookrec is not set: the recurrence's own events sent nothing
    expect((await deliveriesOf(shop.userId)).map((d) => [d.eventType, d.status])).toEqual([
      ["cobr.updated", "delivered"],
    ]);
  });

  it("removing the webhook gives up its pending deliveries", async () => {
    const shop = await apiPixCompanyWithKey();
    await pixCall(shop.bearer, "PUT", "/webhookcobr", { body: { webhookUrl: receiver.url("/late/") } });
    await activatedCobr(shop);
    await relayUntil(async () => (await deliveriesOf(shop.userId)).length >= 1);
    expect((await pixCall(shop.bearer, "DELETE", "/webhookcobr")).status).toBe(204);
    await runDeliveryPass(pool(), { userIds: [shop.userId] });
    expect(receiver.requests.filter((r) => r.path.startsWith("/late/"))).toHaveLength(0);
    expect((await deliveriesOf(shop.userId)).map((d) => d.status)).toEqual(["failed"]);
  });
});
