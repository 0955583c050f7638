/**
 * Payment links (docs/decisions/0038-payment-links.md): the account surface's routes, the link's
 * rules (fixed or open amount, expiry, maximum payments, deactivation, payer fields), one charge
 * per visit through the one charge service, the stats per link and tenant isolation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as visitPost } from "../../app/l/[linkId]/pay/route";
import { accountApi } from "../../server/account-api/app";
import { overviewAnalytics } from "../../server/analytics/service";
import { payChargeFromOutside } from "../../server/charges/payment";
import { db } from "../../server/db/client";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER, peerToken } from "../../server/http/ip";
import { chargeForVisit, newVisitToken, publicLinkView } from "../../server/payment-links/visit";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createWebhookConfig } from "../../server/webhooks/account-configs";
import { gatewayEventsFor } from "../../server/webhooks/catalog";
import { someAddress } from "../payment-pages/support";
import { call, fundedMerchant } from "../support/fixtures";
import { allowPrivateTargets, awaitDeliveries } from "../webhooks/support";

let shop: Awaited<ReturnType<typeof fundedMerchant>>;
let rival: Awaited<ReturnType<typeof fundedMerchant>>;

beforeAll(async () => {
  shop = await fundedMerchant(0n);
  rival = await fundedMerchant(0n);
});

const api = (method: string, path: string, body?: unknown, who = shop) =>
  call(accountApi(), method, `/v4/i${path}`, { auth: who.auth, ...(body === undefined ? {} : { body }) });

async function newLink(body: Record<string, unknown>) {
  const created = await api("POST", "/payment-links", {
    accountId: shop.accountId,
    description: "Bolo de pote",
    ...body,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  return created.json.data as { id: string; url: string };
}

const pay = (txId: string) => payChargeFromOutside(db(), { userId: shop.userId, txId, payer: { name: "Ana" } });

function postVisit(linkId: string, form: Record<string, string>) {
  return visitPost(
    new Request(`http://127.0.0.1/l/${linkId}/pay`, {
      method: "POST",
      headers: {
        [PEER_ADDRESS_HEADER]: someAddress(),
        [PEER_TOKEN_HEADER]: peerToken(),
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://127.0.0.1",
      },
      body: new URLSearchParams(form).toString(),
    }),
    { params: Promise.resolve({ linkId }) },
  );
}

describe("the account surface's payment links", () => {
  it("creates, reads, lists and deactivates a fixed-amount link", async () => {
    const link = await newLink({ amount: 15, maxPayments: 3, payerFields: ["name", "email"] });
    expect(link.id).toMatch(/^pl_[0-9a-z]{20}$/);
    expect(link.url).toMatch(new RegExp(`/l/${link.id}$`));
    const read = await api("GET", `/payment-links/${link.id}`);
    expect(read.json.data).toMatchObject({
      amount: 15,
      minAmount: null,
      maxPayments: 3,
      payerFields: ["name", "email"],
      active: true,
      paymentsCount: 0,
      totalReceived: 0,
    });
    const list = await api("GET", "/payment-links");
    expect(list.json.data.map((l: { id: string }) => l.id)).toContain(link.id);
    const off = await api("POST", `/payment-links/${link.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.json.data.active).toBe(false);
  });

  it("refuses a bad amount setup with a clear 400 and creates nothing", async () => {
    const before = await db().paymentLink.count({ where: { userId: shop.userId } });
    for (const body of [
      {},
      { amount: 10, minAmount: 1, maxAmount: 20 },
      { minAmount: 30, maxAmount: 20 },
      { minAmount: 1 },
      { amount: -1 },
      { amount: 10, maxPayments: 0 },
      { amount: 10, expiresAt: "2001-01-01T00:00:00Z" },
      { amount: 10, expiresAt: "+103201-01-06T16:22:40.784Z" },
      { amount: 10, expiresAt: "soon" },
      { amount: 10, payerFields: ["ssn"] },
    ]) {
      const res = await api("POST", "/payment-links", { accountId: shop.accountId, description: "x", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await api("POST", "/payment-links", { accountId: shop.accountId, description: "", amount: 1 })).status,
    ).toBe(400);
    expect(await db().paymentLink.count({ where: { userId: shop.userId } })).toBe(before);
  });

  it("keeps each merchant's links to themselves (404, not listed, not deactivated)", async () => {
    const link = await newLink({ amount: 5 });
    expect((await api("GET", `/payment-links/${link.id}`, undefined, rival)).status).toBe(404);
    expect((await api("POST", `/payment-links/${link.id}/deactivate`, undefined, rival)).status).toBe(404);
    const theirs = await api("GET", "/payment-links", undefined, rival);
    expect(theirs.json.data.map((l: { id: string }) => l.id)).not.toContain(link.id);
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).active).toBe(true);
    const other = await api(
      "POST",
      "/payment-links",
      { accountId: shop.accountId, description: "x", amount: 1 },
      rival,
    );
    expect([403, 404]).toContain(other.status);
  });

  it("keeps tRPC's links to their owner too", async () => {
    const link = await newLink({ amount: 5 });
    const caller = (userId: string) =>
      createCallerFactory(appRouter)({ user: { id: userId, email: "x@example.invalid", role: "MERCHANT", name: "X" } });
    const mine = await caller(shop.userId).paymentLinks.list();
    expect(mine.map((l) => l.id)).toContain(link.id);
    const theirs = await caller(rival.userId).paymentLinks.list();
    expect(theirs.map((l) => l.id)).not.toContain(link.id);
    await expect(caller(rival.userId).paymentLinks.deactivate({ id: link.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await db().paymentLink.findUniqueOrThrow({ where: { id: link.id } })).active).toBe(true);
  });
});

describe("a visit", () => {
  it("gets a fresh charge of the link's amount through the charge service, the same one on a second submit", async () => {
    const link = await newLink({ amount: 12.34 });
    const visit = newVisitToken();
    const first = await chargeForVisit(db(), link.id, visit, {});
    expect(first).toMatchObject({
      amountCents: 1_234n,
      paymentLinkId: link.id,
      status: "created",
      userId: shop.userId,
    });
    expect((await chargeForVisit(db(), link.id, visit, {})).txId).toBe(first.txId);
    const [a, b] = await Promise.all([
      chargeForVisit(db(), link.id, visit, {}),
      chargeForVisit(db(), link.id, visit, {}),
    ]);
    expect([a.txId, b.txId]).toEqual([first.txId, first.txId]);
    const another = await chargeForVisit(db(), link.id, newVisitToken(), {});
    expect(another.txId).not.toBe(first.txId);
    const event = await db().outboxEvent.findFirst({ where: { topic: "charge.created", entryId: first.txId } });
    expect(event).not.toBeNull();
  });

  it("lands on the charge's payment page, sets the visit cookie, and a resubmit lands on the same page", async () => {
    const link = await newLink({ amount: 3 });
    const visit = newVisitToken();
    const res = await postVisit(link.id, { visit });
    expect(res.status).toBe(303);
    const location = res.headers.get("location") as string;
    expect(location).toMatch(/\/c\/[0-9a-f]{32}$/);
    expect(res.headers.get("set-cookie")).toContain(`pl_visit=${visit}; Path=/l/${link.id}`);
    expect((await postVisit(link.id, { visit })).headers.get("location")).toBe(location);
  });

  it("takes an open amount within min..max only", async () => {
    const link = await newLink({ minAmount: 10, maxAmount: 50 });
    await expect(chargeForVisit(db(), link.id, newVisitToken(), {})).rejects.toMatchObject({
      reason: "AMOUNT_REQUIRED",
    });
    await expect(chargeForVisit(db(), link.id, newVisitToken(), { amount: 999n })).rejects.toMatchObject({
      status: 400,
      reason: "LINK_AMOUNT_OUT_OF_RANGE",
    });
    await expect(chargeForVisit(db(), link.id, newVisitToken(), { amount: 5_001n })).rejects.toMatchObject({
      reason: "LINK_AMOUNT_OUT_OF_RANGE",
    });
    expect((await chargeForVisit(db(), link.id, newVisitToken(), { amount: 2_500n })).amountCents).toBe(2_500n);
    const res = await postVisit(link.id, { visit: newVisitToken(), amount: "99,00" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain(`/l/${link.id}?error=LINK_AMOUNT_OUT_OF_RANGE`);
  });

  it("asks for the payer fields the link collects, and keeps them on the charge", async () => {
    const link = await newLink({ amount: 1, payerFields: ["name", "document", "email"] });
    await expect(chargeForVisit(db(), link.id, newVisitToken(), { name: "Ana" })).rejects.toMatchObject({
      reason: "LINK_PAYER_FIELD_REQUIRED",
    });
    await expect(
      chargeForVisit(db(), link.id, newVisitToken(), {
        name: "Ana",
        document: "11111111111",
        email: "a@example.invalid",
      }),
    ).rejects.toMatchObject({ reason: "DOCUMENT_INVALID" });
    const charge = await chargeForVisit(db(), link.id, newVisitToken(), {
      name: "Ana",
      document: "529.982.247-25",
      email: "ana@example.invalid",
    });
    expect(charge.metadata).toMatchObject({
      paymentLinkId: link.id,
      payer: { name: "Ana", document: "52998224725", email: "ana@example.invalid" },
    });
  });

  it("is refused once the link is deactivated, expired or has its maximum payments, with a clear reason", async () => {
    const off = await newLink({ amount: 1 });
    await api("POST", `/payment-links/${off.id}/deactivate`);
    await expect(chargeForVisit(db(), off.id, newVisitToken(), {})).rejects.toMatchObject({
      status: 409,
      reason: "LINK_INACTIVE",
    });
    expect((await publicLinkView(db(), off.id)).state).toBe("inactive");

    const soon = await newLink({ amount: 1, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const later = new Date(Date.now() + 120_000);
    await expect(chargeForVisit(db(), soon.id, newVisitToken(), {}, later)).rejects.toMatchObject({
      reason: "LINK_EXPIRED",
    });
    expect((await publicLinkView(db(), soon.id, later)).state).toBe("expired");

    const two = await newLink({ amount: 2, maxPayments: 2 });
    const a = await chargeForVisit(db(), two.id, newVisitToken(), {});
    await pay(a.txId);
    await chargeForVisit(db(), two.id, newVisitToken(), {});
    await expect(chargeForVisit(db(), two.id, newVisitToken(), {})).rejects.toMatchObject({
      reason: "LINK_MAX_PAYMENTS",
    });
    const refused = await postVisit(two.id, { visit: newVisitToken() });
    expect(refused.headers.get("location")).toContain("error=LINK_MAX_PAYMENTS");
    const counted = await db().charge.count({ where: { paymentLinkId: two.id } });
    expect(counted).toBe(2);
  });

  it("names the link in the charge's events and the gateway webhooks of its payment", async () => {
    const link = await newLink({ amount: 4 });
    const charge = await chargeForVisit(db(), link.id, newVisitToken(), {});
    await pay(charge.txId);
    const paid = await db().outboxEvent.findFirstOrThrow({ where: { topic: "charge.paid", entryId: charge.txId } });
    expect(paid.payload).toMatchObject({ paymentLinkId: link.id });
    const [event] = gatewayEventsFor(paid);
    expect(event?.data).toMatchObject({ payment_link_id: link.id, tx_id: charge.txId });
  });

  it("names the link in the account surface's webhook of the payment (pix_in:qrcode_paid)", async () => {
    allowPrivateTargets();
    const owner = await fundedMerchant(0n);
    await createWebhookConfig(db(), owner.userId, {
      event: ["pix_in:qrcode_paid"],
      targetUrl: "http://127.0.0.1:9/hook",
    });
    const created = await call(accountApi(), "POST", "/v4/i/payment-links", {
      auth: owner.auth,
      body: { accountId: owner.accountId, description: "Rifa", amount: 2 },
    });
    const linkId = created.json.data.id as string;
    const charge = await chargeForVisit(db(), linkId, newVisitToken(), {});
    await payChargeFromOutside(db(), { userId: owner.userId, txId: charge.txId });
    const [delivery] = await awaitDeliveries(owner.userId, 1);
    expect(delivery?.eventType).toBe("pix_in:qrcode_paid");
    expect(JSON.stringify(delivery?.payload)).toContain(`"paymentLinkId":"${linkId}"`);
  });

  it("counts payments and the total received on the link's row", async () => {
    const link = await newLink({ minAmount: 1, maxAmount: 100 });
    for (const cents of [1_000n, 2_550n])
      await pay((await chargeForVisit(db(), link.id, newVisitToken(), { amount: cents })).txId);
    await chargeForVisit(db(), link.id, newVisitToken(), { amount: 9_900n });
    const read = await api("GET", `/payment-links/${link.id}`);
    expect(read.json.data).toMatchObject({ paymentsCount: 2, totalReceived: 35.5 });
    const overview = await overviewAnalytics(db(), shop.userId, 7);
    expect(overview.paymentsByLink).toContainEqual({
      linkId: link.id,
      description: "Bolo de pote",
      count: 2,
      totalCents: 3_550n,
    });
    expect((await overviewAnalytics(db(), rival.userId, 7)).paymentsByLink).toEqual([]);
  });

  it("is 404 for an unknown or malformed link", async () => {
    await expect(publicLinkView(db(), "pl_00000000000000000000")).rejects.toMatchObject({ status: 404 });
    await expect(chargeForVisit(db(), "nope", newVisitToken(), {})).rejects.toMatchObject({ status: 404 });
    expect((await api("GET", "/payment-links/pl_00000000000000000000")).status).toBe(404);
    expect((await postVisit("pl_00000000000000000000", { visit: newVisitToken() })).status).toBe(404);
  });
});
