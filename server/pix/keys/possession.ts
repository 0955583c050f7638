/**
 * Proof of possession of e-mail and phone keys (DICT requires it): a 6-digit code goes to the key
 * (e-mail through the mail outbox, a phone through the SMS outbox) and the key is registered only
 * when the code comes back. Only an HMAC of the code is kept; it lasts PIX_KEY_CODE_TTL_SECONDS,
 * allows PIX_KEY_CODE_MAX_ATTEMPTS wrong tries, and is sent again at most PIX_KEY_CODE_MAX_SENDS
 * times, PIX_KEY_CODE_RESEND_SECONDS apart. EVP, CPF and CNPJ keys are registered at once.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { AppError, notFound } from "../../errors";
import type { Account, PixKey, PixKeyClaim } from "../../generated/prisma/client";
import { queueMail } from "../../mail/outbox";
import { renderMail } from "../../mail/templates";
import { queueSms } from "../../sms/outbox";
import { type NewPixKey, needsPossessionProof } from "./schema";
import {
  type Clock,
  checkRegistrable,
  createPixKey,
  type DirectPixKey,
  type KeyAccess,
  keyValue,
  lockAccount,
  registerKey,
  systemClock,
  uniqueKey,
} from "./service";

export type KeyRequest = { state: "registered"; key: PixKey } | { state: "pending_verification"; claim: PixKeyClaim };

const codeHashOf = (claimId: string, code: string) =>
  createHmac("sha256", config().API_KEY_PEPPER).update(`${claimId}:${code}`).digest("hex");

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Sends `code` to the key, in the caller's transaction (the outbox sends it after the commit). */
async function sendCode(tx: Tx, claim: PixKeyClaim, code: string, ownerId: string) {
  const minutes = Math.round(config().PIX_KEY_CODE_TTL_SECONDS / 60);
  if (claim.type === "EMAIL") {
    const mail = renderMail({ kind: "pixKeyCode", code, expiresInMinutes: minutes }, "pt-BR");
    await queueMail(tx, { ...mail, to: claim.key, ownerId });
  } else {
    const text = `Seu código para cadastrar este celular como chave Pix: ${code}. Vale por ${minutes} minutos.`;
    await queueSms(tx, { to: claim.key, text, ownerId });
  }
}

/** A fresh code for the claim: the old one stops working, the wrong tries start again. */
function freshCode(claimId: string, now: Date) {
  const code = newCode();
  return {
    code,
    data: {
      codeHash: codeHashOf(claimId, code),
      expiresAt: new Date(now.getTime() + config().PIX_KEY_CODE_TTL_SECONDS * 1000),
      attempts: 0,
      lastSentAt: now,
    },
  };
}

const resendWaitMs = (claim: PixKeyClaim, now: Date) =>
  claim.lastSentAt.getTime() + config().PIX_KEY_CODE_RESEND_SECONDS * 1000 - now.getTime();

/**
 * Registers an EVP, CPF or CNPJ key at once; for an e-mail or phone key, checks everything a
 * registration checks and sends a code to the key. Asking again for a key still waiting sends a
 * new code when a resend would be allowed, else answers the waiting registration as it is.
 */
export async function requestPixKey(
  db: Db,
  access: KeyAccess,
  input: NewPixKey,
  clock: Clock = systemClock,
): Promise<KeyRequest> {
  if (!needsPossessionProof(input.type)) {
    return { state: "registered", key: await createPixKey(db, access, input as DirectPixKey, clock) };
  }
  const claim = await inTransaction(db, async (tx) => {
    const account = await lockAccount(tx, access);
    const key = keyValue(account, input);
    const now = clock();
    await checkRegistrable(tx, account, input.type, key, now);
    await tx.pixKeyClaim.deleteMany({ where: { accountId: account.id, expiresAt: { lte: now } } });
    const waiting = await tx.pixKeyClaim.findUnique({ where: { accountId_key: { accountId: account.id, key } } });
    if (waiting) {
      const canResend = resendWaitMs(waiting, now) <= 0 && waiting.sends < config().PIX_KEY_CODE_MAX_SENDS;
      return canResend ? resend(tx, waiting, access.callerId, now) : waiting;
    }
    const id = randomUUID();
    const { code, data } = freshCode(id, now);
    const created = await tx.pixKeyClaim.create({
      data: { id, accountId: account.id, type: input.type, key, ...data, sends: 1, createdAt: now },
    });
    await sendCode(tx, created, code, access.callerId);
    return created;
  });
  return { state: "pending_verification", claim };
}

async function resend(tx: Tx, claim: PixKeyClaim, ownerId: string, now: Date): Promise<PixKeyClaim> {
  const { code, data } = freshCode(claim.id, now);
  const updated = await tx.pixKeyClaim.update({ where: { id: claim.id }, data: { ...data, sends: { increment: 1 } } });
  await sendCode(tx, updated, code, ownerId);
  return updated;
}

/** The account's waiting registration, locked with the account. */
async function claimOf(tx: Tx, access: KeyAccess, claimId: string): Promise<{ account: Account; claim: PixKeyClaim }> {
  const account = await lockAccount(tx, access);
  const claim = await tx.pixKeyClaim.findFirst({ where: { id: claimId, accountId: account.id } });
  if (!claim) throw notFound("pending PIX key registration not found", "verificationId");
  return { account, claim };
}

/** Sends a new code for a waiting registration (429 before PIX_KEY_CODE_RESEND_SECONDS, or after PIX_KEY_CODE_MAX_SENDS). */
export async function resendPixKeyCode(
  db: Db,
  access: KeyAccess,
  claimId: string,
  clock: Clock = systemClock,
): Promise<PixKeyClaim> {
  return inTransaction(db, async (tx) => {
    const { claim } = await claimOf(tx, access, claimId);
    const now = clock();
    if (claim.sends >= config().PIX_KEY_CODE_MAX_SENDS) {
      throw new AppError(
        "PIX_KEY_CODE_RESEND_LIMIT",
        `at most ${config().PIX_KEY_CODE_MAX_SENDS} codes per registration: ask for the key again once this one expires`,
        undefined,
        undefined,
        seconds(claim.expiresAt.getTime() - now.getTime()),
      );
    }
    const waitMs = resendWaitMs(claim, now);
    if (waitMs > 0) {
      throw new AppError(
        "PIX_KEY_CODE_RESEND_LIMIT",
        `wait ${config().PIX_KEY_CODE_RESEND_SECONDS} seconds between two codes`,
        undefined,
        undefined,
        seconds(waitMs),
      );
    }
    return resend(tx, claim, access.callerId, now);
  });
}

type Outcome = { key: PixKey } | { refusal: AppError };

/**
 * Registers the waiting key when `code` is its code. A wrong code counts (and the count is kept
 * though the request is refused); past PIX_KEY_CODE_MAX_ATTEMPTS or the expiry the code no longer
 * works and a new one must be sent.
 */
export async function confirmPixKey(
  db: Db,
  access: KeyAccess,
  claimId: string,
  code: string,
  clock: Clock = systemClock,
): Promise<PixKey> {
  const outcome = await uniqueKey(() =>
    inTransaction(db, async (tx): Promise<Outcome> => {
      const { account, claim } = await claimOf(tx, access, claimId);
      const now = clock();
      const maxAttempts = config().PIX_KEY_CODE_MAX_ATTEMPTS;
      if (claim.expiresAt <= now) {
        throw new AppError("PIX_KEY_CODE_EXPIRED", "the code expired: ask for a new one", "code");
      }
      if (claim.attempts >= maxAttempts) {
        throw new AppError("PIX_KEY_CODE_ATTEMPTS_EXCEEDED", "too many wrong codes: ask for a new one", "code");
      }
      const given = Buffer.from(codeHashOf(claim.id, code), "hex");
      if (!timingSafeEqual(given, Buffer.from(claim.codeHash, "hex"))) {
        const attempts = claim.attempts + 1;
        await tx.pixKeyClaim.update({ where: { id: claim.id }, data: { attempts } });
        const left = maxAttempts - attempts;
        return {
          refusal:
            left > 0
              ? new AppError("PIX_KEY_CODE_INVALID", `wrong code (${left} tries left)`, "code")
              : new AppError("PIX_KEY_CODE_ATTEMPTS_EXCEEDED", "too many wrong codes: ask for a new one", "code"),
        };
      }
      const key = await registerKey(tx, account, claim.type, claim.key, now);
      await tx.pixKeyClaim.delete({ where: { id: claim.id } });
      return { key };
    }),
  );
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.key;
}

/** A waiting registration as the doors show it (never the code or its hash). */
export const pixKeyClaimView = (claim: PixKeyClaim) => ({
  verificationId: claim.id,
  status: "pending_verification" as const,
  type: claim.type,
  key: claim.key,
  expiresAt: claim.expiresAt.getTime(),
  resendAvailableAt: claim.lastSentAt.getTime() + config().PIX_KEY_CODE_RESEND_SECONDS * 1000,
  attemptsLeft: Math.max(0, config().PIX_KEY_CODE_MAX_ATTEMPTS - claim.attempts),
});
