/**
 * E-mail and phone keys are registered only with the code sent to the key (proof of possession):
 * through /v4/i, the code read back from the sandbox mailbox and SMS box.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { relayDueEvents } from "../../server/outbox/relay";
import { confirmPixKey, requestPixKey, resendPixKeyCode } from "../../server/pix/keys/possession";
import { createPixKey } from "../../server/pix/keys/service";
import { outboxHandlers } from "../../server/worker/outbox-handlers";
import { call, newMerchant } from "../support/fixtures";
import { app, keysPath, type Owner, refusal } from "./keys-support";
import { programmeAccount, programmeOwner } from "./support";

const verificationPath = (accountId: string, id: string, action: "confirm" | "resend") =>
  `${keysPath(accountId)}/verifications/${id}/${action}`;
const MINUTE = 60_000;

/** What the worker does with queued e-mail and text messages. */
async function relayMessages() {
  while ((await relayDueEvents(db(), outboxHandlers(db()), 100, new Date(), ["mail.send", "sms.send"])) > 0) {}
}

/** The newest code the sandbox kept for `to`, read as the merchant would: GET /v4/i/sandbox/… */
async function codeSentTo(auth: string, to: string, box: "emails" | "sms" = "emails"): Promise<string> {
  await relayMessages();
  const res = await call(app(), "GET", `/v4/i/sandbox/${box}?to=${encodeURIComponent(to)}`, { auth });
  expect(res.status).toBe(200);
  const newest = res.json.data[0] as { text: string } | undefined;
  const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("proof of possession of e-mail and phone keys", () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await programmeOwner();
  });

  it("keeps another merchant's e-mail out until the code sent to it comes back", async () => {
    const victim = `owner.${Date.now().toString(36)}@example.invalid`;
    const intruder = await newMerchant();
    const auth = `Basic ${Buffer.from(`${intruder.clientId}:${intruder.clientSecret}`).toString("base64")}`;
    const pending = await call(app(), "POST", keysPath(intruder.accountId), {
      auth,
      body: { type: "EMAIL", key: victim },
    });
    expect(pending.status).toBe(202);
    expect(pending.json.data).toMatchObject({ status: "pending_verification", type: "EMAIL", key: victim });
    expect(await db().pixKey.count({ where: { key: victim } })).toBe(0);

    // Without the code (which went to the address, not to the caller) nothing is registered.
    const { verificationId } = pending.json.data;
    const guessed = await call(app(), "POST", verificationPath(intruder.accountId, verificationId, "confirm"), {
      auth,
      body: { code: "000000" },
    });
    const code = await codeSentTo(auth, victim);
    if (code !== "000000") {
      expect(guessed.status).toBe(400);
      expect(guessed.json).toMatchObject({ code: "PIX_KEY_CODE_INVALID", success: false });
    }
    expect(await db().pixKey.count({ where: { key: victim } })).toBe(0);

    // The code is kept only as a hash.
    const claim = await db().pixKeyClaim.findUniqueOrThrow({ where: { id: verificationId } });
    expect(claim.codeHash).not.toContain(code);
    expect(claim.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await call(app(), "POST", verificationPath(intruder.accountId, verificationId, "confirm"), {
      auth,
      body: { code },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.json.data).toMatchObject({ type: "EMAIL", key: victim });
    expect(await db().pixKeyClaim.count({ where: { id: verificationId } })).toBe(0);
    const again = await call(app(), "POST", verificationPath(intruder.accountId, verificationId, "confirm"), {
      auth,
      body: { code },
    });
    expect(again.status).toBe(404);
  });

  it("takes a phone as people type it, texts the code to +55… and registers it", async () => {
    const account = await programmeAccount(owner.userId);
    const digits = `119${account.id.slice(-8)}`;
    const typed = `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
    const pending = await call(app(), "POST", keysPath(account.id), {
      auth: owner.auth,
      body: { type: "PHONE", key: typed },
    });
    expect(pending.status).toBe(202);
    expect(pending.json.data.key).toBe(`+55${digits}`);
    const code = await codeSentTo(owner.auth, digits, "sms");
    const confirmed = await call(
      app(),
      "POST",
      verificationPath(account.id, pending.json.data.verificationId, "confirm"),
      { auth: owner.auth, body: { code } },
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.json.data).toMatchObject({ type: "PHONE", key: `+55${digits}`, isCurrent: true });
  });

  it.each(["11987654321", "(11) 98765-4321", "+55 11 98765-4321"])(
    "normalises the phone %s to +5511987654321",
    async (typed) => {
      const account = await programmeAccount(owner.userId);
      const request = await requestPixKey(
        db(),
        { callerId: owner.userId, accountId: account.id },
        { type: "PHONE", key: typed },
      );
      expect(request.state === "pending_verification" && request.claim.key).toBe("+5511987654321");
    },
  );

  it("registers EVP, CPF and CNPJ keys at once, without a code", async () => {
    const merchant = await newMerchant();
    const access = { callerId: merchant.userId, accountId: merchant.accountId };
    const evp = await requestPixKey(db(), access, { type: "EVP" });
    const cpf = await requestPixKey(db(), access, { type: "CPF" });
    expect([evp.state, cpf.state]).toEqual(["registered", "registered"]);
    expect(await db().pixKeyClaim.count({ where: { accountId: merchant.accountId } })).toBe(0);
  });

  it("stops a code after the wrong tries allowed, and a new code works", async () => {
    const account = await programmeAccount(owner.userId);
    const access = { callerId: owner.userId, accountId: account.id };
    const key = `tries.${account.id}@example.invalid`;
    const t0 = Date.now();
    const request = await requestPixKey(db(), access, { type: "EMAIL", key }, () => new Date(t0));
    if (request.state !== "pending_verification") throw new Error("expected a pending registration");
    const id = request.claim.id;
    const code = await codeSentTo(owner.auth, key);
    for (let i = 1; i <= 4; i++) {
      const wrong = await refusal(confirmPixKey(db(), access, id, otherThan(code), () => new Date(t0)));
      expect(wrong).toMatchObject({ code: "PIX_KEY_CODE_INVALID", message: `wrong code (${5 - i} tries left)` });
    }
    const fifth = await refusal(confirmPixKey(db(), access, id, otherThan(code), () => new Date(t0)));
    expect(fifth.code).toBe("PIX_KEY_CODE_ATTEMPTS_EXCEEDED");
    const right = await refusal(confirmPixKey(db(), access, id, code, () => new Date(t0)));
    expect(right).toMatchObject({ code: "PIX_KEY_CODE_ATTEMPTS_EXCEEDED", status: 429 });
    expect(await db().pixKey.count({ where: { key } })).toBe(0);

    await resendPixKeyCode(db(), access, id, () => new Date(t0 + MINUTE));
    const fresh = await codeSentTo(owner.auth, key);
    if (fresh !== code)
      expect((await refusal(confirmPixKey(db(), access, id, code, () => new Date(t0 + MINUTE)))).code).toBe(
        "PIX_KEY_CODE_INVALID",
      );
    const registered = await confirmPixKey(db(), access, id, fresh, () => new Date(t0 + MINUTE));
    expect(registered).toMatchObject({ key, type: "EMAIL" });
  });

  it("lets a code expire after 10 minutes", async () => {
    const account = await programmeAccount(owner.userId);
    const access = { callerId: owner.userId, accountId: account.id };
    const key = `late.${account.id}@example.invalid`;
    const t0 = Date.now();
    const request = await requestPixKey(db(), access, { type: "EMAIL", key }, () => new Date(t0));
    if (request.state !== "pending_verification") throw new Error("expected a pending registration");
    const code = await codeSentTo(owner.auth, key);
    const late = await refusal(confirmPixKey(db(), access, request.claim.id, code, () => new Date(t0 + 10 * MINUTE)));
    expect(late).toMatchObject({ code: "PIX_KEY_CODE_EXPIRED", status: 400 });
    expect(await db().pixKey.count({ where: { key } })).toBe(0);
  });

  it("rate-limits resends: 429 with Retry-After within a minute, and at most 5 codes", async () => {
    const account = await programmeAccount(owner.userId);
    const access = { callerId: owner.userId, accountId: account.id };
    const pending = await call(app(), "POST", keysPath(account.id), {
      auth: owner.auth,
      body: { type: "EMAIL", key: `resend.${account.id}@example.invalid` },
    });
    const id = pending.json.data.verificationId;
    const early = await call(app(), "POST", verificationPath(account.id, id, "resend"), { auth: owner.auth });
    expect(early.status).toBe(429);
    expect(early.json.code).toBe("PIX_KEY_CODE_RESEND_LIMIT");
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThan(50);

    const t0 = Date.now();
    for (let i = 1; i <= 4; i++) await resendPixKeyCode(db(), access, id, () => new Date(t0 + i * MINUTE));
    const fifth = await refusal(resendPixKeyCode(db(), access, id, () => new Date(t0 + 6 * MINUTE)));
    expect(fifth).toMatchObject({ code: "PIX_KEY_CODE_RESEND_LIMIT", status: 429 });
    expect((await db().pixKeyClaim.findUniqueOrThrow({ where: { id } })).sends).toBe(5);
  });

  it("asking again for a waiting key answers the same registration without a new code", async () => {
    const account = await programmeAccount(owner.userId);
    const body = { type: "EMAIL", key: `twice.${account.id}@example.invalid` };
    const first = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body });
    const second = await call(app(), "POST", keysPath(account.id), { auth: owner.auth, body });
    expect(second.status).toBe(202);
    expect(second.json.data.verificationId).toBe(first.json.data.verificationId);
    expect(
      await db().outboxEvent.count({
        where: { topic: "mail.send", userId: owner.userId, payload: { path: ["to"], equals: body.key } },
      }),
    ).toBe(1);
  });

  it("checks the registration's rules again at confirmation (the key taken meanwhile: 409)", async () => {
    const first = await programmeAccount(owner.userId);
    const second = await programmeAccount(owner.userId);
    const key = `race.${first.id}@example.invalid`;
    const a = await requestPixKey(db(), { callerId: owner.userId, accountId: first.id }, { type: "EMAIL", key });
    const b = await requestPixKey(db(), { callerId: owner.userId, accountId: second.id }, { type: "EMAIL", key });
    if (a.state !== "pending_verification" || b.state !== "pending_verification") throw new Error("expected pending");
    await relayMessages();
    const emails = await db().sentEmail.findMany({ where: { to: key }, orderBy: { sentAt: "asc" } });
    const codeOf = (i: number) => emails[i]?.text.match(/\b(\d{6})\b/)?.[1] as string;
    await confirmPixKey(db(), { callerId: owner.userId, accountId: first.id }, a.claim.id, codeOf(0));
    const late = await refusal(
      confirmPixKey(db(), { callerId: owner.userId, accountId: second.id }, b.claim.id, codeOf(1)),
    );
    expect(late.code).toBe("BAAS_PIX_KEY_OTHER_OWNER");
  });

  it("documents the flow in the API reference", async () => {
    const doc = JSON.stringify((await call(app(), "GET", "/v4/i/openapi.json")).json);
    expect(doc).toContain("/baas/accounts/{accountId}/pix-keys/verifications/{verificationId}/confirm");
    expect(doc).toContain("pending_verification");
    expect(doc).toContain("/sandbox/sms");
  });
});

describe("the wait between key creations", () => {
  it("applies to programme accounts, not to a merchant registering its own keys", async () => {
    const merchant = await newMerchant();
    const own = { callerId: merchant.userId, accountId: merchant.accountId };
    await createPixKey(db(), own, { type: "EVP" });
    await createPixKey(db(), own, { type: "EVP" });
    expect(await db().pixKey.count({ where: { accountId: merchant.accountId } })).toBe(2);

    const owner = await programmeOwner();
    const account = await programmeAccount(owner.userId);
    const programme = { callerId: owner.userId, accountId: account.id };
    await createPixKey(db(), programme, { type: "EVP" });
    expect((await refusal(createPixKey(db(), programme, { type: "EVP" }))).code).toBe("BAAS_PIX_KEY_COOLDOWN");
  });
});
