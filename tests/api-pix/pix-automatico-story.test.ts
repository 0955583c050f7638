/**
 * Issue 35's "done when", told through the doors a merchant's system uses: the API Pix (webhookrec,
 * webhookcobr, locrec, rec, cobr), the sandbox payer scanning the QR (journey 2) and the sandbox
 * clock; the worker's settlement pass and delivery pass; a loopback receiver standing in for the
 * merchant's system. Three monthly cycles are charged, one after a starved first attempt and a
 * retry the next day (PERMITE_3R_7D); the receiver gets `{ recs }` at /rec and `{ cobsr }` at /cobr
 * with the real charges as the specification describes them; the ledger holds exactly three
 * credits (docs/decisions/0041, 0042).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import { runDeliveryPass } from "../../server/webhooks/deliver";
import { call } from "../support/fixtures";
import { allowPrivateTargets, type Receiver, relayUntil, startReceiver } from "../webhooks/support";
import { cobrBody, postCobr } from "./cobr-support";
import { newLocRec } from "./locrec-support";
import { apiPixCompanyWithKey, createdRec } from "./rec-support";
import { expectSpecWebhookBody } from "./spec-validator";
import { type ApiPixMerchant, pixCall } from "./support";

const SANDBOX = "/v4/i/sandbox/pix/automatico";
const AMOUNT = 8990n;

type Attempt = { tipo: string; status: string; dataLiquidacao: string; rejeicao?: { codigo: string } };
type CobrNotification = { idRec: string; txid: string; status: string; tentativas: Attempt[] };
type RecNotification = { idRec: string; status: string; ativacao?: { tipoJornada: string } };

describe("Pix Automático through the merchant's doors: three cycles charged and notified", () => {
  let receiver: Receiver;
  let shop: ApiPixMerchant;

  beforeAll(async () => {
    allowPrivateTargets(true);
    receiver = await startReceiver(() => 200);
    shop = await apiPixCompanyWithKey();
  });
  afterAll(async () => {
    allowPrivateTargets(false);
    await receiver.close();
  });

  const sandbox = async (path: string, body?: unknown) => {
    const res = await call(accountApi(), "POST", `${SANDBOX}/${path}`, {
      auth: shop.auth,
      ...(body !== undefined ? { body } : {}),
    });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.json.data;
  };

  /** The worker's part: relays the merchant's events, then delivers until nothing is pending (bounded). */
  async function deliver() {
    await relayUntil(
      async () => (await db().outboxEvent.count({ where: { userId: shop.userId, publishedAt: null } })) === 0,
    );
    for (let pass = 0; pass < 20; pass++) {
      await runDeliveryPass(pool(), { userIds: [shop.userId] });
      const pending = await db().webhookDelivery.count({
        where: { userId: shop.userId, status: { not: "delivered" } },
      });
      if (pending === 0) return;
    }
    throw new Error("deliveries still pending after 20 delivery passes");
  }

  const bodiesAt = <T>(path: string, list: "recs" | "cobsr"): T[] =>
    receiver.requests
      .filter((r) => r.path === path)
      .flatMap((r) => (JSON.parse(r.body) as Record<string, T[]>)[list] ?? []);
  const cobrsOf = (txid: string) => bodiesAt<CobrNotification>("/erp/cobr", "cobsr").filter((c) => c.txid === txid);
  const statusesOf = (txid: string) => cobrsOf(txid).map((c) => [c.status, c.tentativas.map((t) => t.status)]);

  it("registers its webhooks, the payer approves by QR, three cycles are paid (one on retry), each once", async () => {
    for (const path of ["/webhookrec", "/webhookcobr"]) {
      const put = await pixCall(shop.bearer, "PUT", path, { body: { webhookUrl: receiver.url("/erp/") } });
      expect(put.status, put.text).toBe(200);
    }
    const before = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });

    // a monthly recurrence starting in a week, with its location; the payer scans its QR (journey 2)
    const loc = await newLocRec(shop.bearer);
    const start = plusDays(todayInSaoPaulo(), 7);
    const idRec = await createdRec(shop.bearer, { loc: loc.id });
    const read = await pixCall(shop.bearer, "GET", `/rec/${idRec}`);
    expect(read.json.dadosQR.jornada).toBe("JORNADA_2");
    const scanned = await sandbox("qr/scan", { emv: read.json.dadosQR.pixCopiaECola });
    expect(scanned).toMatchObject({ idRec, status: "APROVADA", tipoJornada: "JORNADA_2" });
    await deliver();

    // cycle 1: the merchant's system sends the charge; the worker's pass schedules it; its day comes
    const posted = await postCobr(
      shop.bearer,
      cobrBody(idRec, shop.accountId, { calendario: { dataDeVencimento: start } }),
    );
    expect(posted.status, posted.text).toBe(201);
    const first = posted.json.txid as string;
    await settleRecurringCharges(db(), new Date(), idRec);
    await deliver();
    expect(statusesOf(first)).toEqual([["ATIVA", ["AGENDADA"]]]);
    expect(await sandbox(`recurrences/${idRec}/advance`)).toMatchObject({ txid: first, status: "CONCLUIDA" });
    await deliver();

    // cycle 2: the sandbox makes the next cycle's charge and pays it
    const second = await sandbox(`recurrences/${idRec}/advance`, { createCharge: true });
    expect(second).toMatchObject({ status: "CONCLUIDA", attempts: [{ kind: "AGND", status: "PAGA" }] });
    await deliver();

    // cycle 3: the payer is starved, the first attempt is rejected; funded, the retry pays the next day
    await sandbox(`recurrences/${idRec}/starve`, { code: "AM02" });
    const failed = await sandbox(`recurrences/${idRec}/advance`, { createCharge: true });
    expect(failed).toMatchObject({ status: "ATIVA", attempts: [{ kind: "AGND", rejectionCode: "AM02" }] });
    await deliver();
    await sandbox(`recurrences/${idRec}/fund`);
    const retried = await sandbox(`recurrences/${idRec}/advance`);
    expect(retried.txid).toBe(failed.txid);
    expect(retried.status).toBe("CONCLUIDA");
    expect(retried.attempts.map((a: { kind: string; status: string }) => [a.kind, a.status])).toEqual([
      ["AGND", "REJEITADA"],
      ["RIFL", "PAGA"],
    ]);
    expect(retried.attempts[1].settlementDate).toBe(plusDays(retried.attempts[0].settlementDate, 1));
    await deliver();

    // what the merchant's receiver got: every body as the specification describes the webhooks
    const recRequests = receiver.requests.filter((r) => r.path === "/erp/rec");
    const cobrRequests = receiver.requests.filter((r) => r.path === "/erp/cobr");
    expect(recRequests.length).toBeGreaterThan(0);
    for (const request of recRequests) expectSpecWebhookBody("WebhookRecBody", JSON.parse(request.body));
    for (const request of cobrRequests) {
      expectSpecWebhookBody("WebhookCobRBody", JSON.parse(request.body));
      expect(request.headers["x-service-event-type"]).toBe("cobr.updated");
    }
    const recs = bodiesAt<RecNotification>("/erp/rec", "recs");
    expect(recs.every((r) => r.idRec === idRec)).toBe(true);
    expect(recs).toContainEqual(
      expect.objectContaining({ status: "APROVADA", ativacao: { tipoJornada: "JORNADA_2" } }),
    );

    const txids = [first, second.txid as string, failed.txid as string];
    expect(
      new Set(
        cobrsOf(first)
          .concat(cobrsOf(txids[1] as string), cobrsOf(txids[2] as string))
          .map((c) => c.txid),
      ),
    ).toEqual(new Set(txids));
    // deliveries of one pass are sent concurrently: what arrived is checked, not in which order
    expect(statusesOf(first)).toContainEqual(["CONCLUIDA", ["PAGA"]]);
    expect(statusesOf(second.txid)).toContainEqual(["CONCLUIDA", ["PAGA"]]);
    // the failed attempt was notified while the charge stayed ATIVA, then the retry's payment
    expect(statusesOf(failed.txid)).toContainEqual(["ATIVA", ["REJEITADA"]]);
    expect(statusesOf(failed.txid)).toContainEqual(["CONCLUIDA", ["REJEITADA", "PAGA"]]);
    const rejected = cobrsOf(failed.txid).find((c) => c.status === "ATIVA" && c.tentativas.length === 1);
    expect(rejected?.tentativas[0]).toMatchObject({ tipo: "AGND", rejeicao: { codigo: "AM02" } });
    // no charge was notified as paid twice over, and the CONCLUIDA notification is what GET /cobr/{txid} answers
    for (const txid of txids) {
      const concluded = cobrsOf(txid).filter((c) => c.status === "CONCLUIDA");
      const got = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
      for (const notified of concluded) expect(notified).toEqual(got.json);
      expect(got.json.tentativas.filter((t: Attempt) => t.status === "PAGA")).toHaveLength(1);
    }

    // the ledger: exactly three credits, one per cycle, to the cent
    const credits = await db().ledgerEntry.findMany({
      where: { accountId: shop.accountId, reason: "pix_in:credited", entryRef: { in: txids } },
    });
    expect(credits.map((c) => c.entryRef).sort()).toEqual([...txids].sort());
    expect(credits.reduce((sum, c) => sum + c.grossCents, 0n)).toBe(3n * AMOUNT);
    const after = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    expect(after.availableCents - before.availableCents).toBe(3n * AMOUNT);
    const cycles = await db().recurringCharge.findMany({ where: { idRec }, orderBy: { cycleStart: "asc" } });
    expect(cycles.map((c) => c.status)).toEqual(["CONCLUIDA", "CONCLUIDA", "CONCLUIDA"]);
    expect(new Set(cycles.map((c) => c.cycleStart.toISOString())).size).toBe(3);
  });
});
