/** Dynamic QR charges: create, read, expire (interface 4.3, 2.4). Paying lives in payment.ts. */
import { assertActive } from "../accounts/rules";
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { onlyDigits } from "../documents/cpf-cnpj";
import { AppError, invalid, notFound } from "../errors";
import type { Account, Charge, Prisma } from "../generated/prisma/client";
import type { EffectSink } from "../idempotency/sink";
import { centsToBrl } from "../money";
import { recordEvent, recordEvents } from "../outbox/record";
import { encodeDynamicBrCode } from "../pix/brcode";
import { CHARGE_TXID_PATTERN, locationUrl, newTxId } from "./ids";
import { createLocation } from "./locations";
import { DEFAULT_EXPIRATION_SECONDS, MAX_EXPIRATION_SECONDS } from "./schema";

export type NewCharge = {
  userId: string;
  accountId: string;
  amountCents: bigint;
  description?: string | null;
  expirationSeconds?: number;
  externalId?: string | null;
  metadata?: Record<string, unknown> | null;
  sameDocument?: string | null;
  /** a payment link's visit made it (server/payment-links/) */
  paymentLinkId?: string | null;
  linkVisit?: string | null;
};

export function chargeSnapshot(charge: Charge) {
  return {
    txId: charge.txId,
    accountId: charge.accountId,
    status: charge.status,
    amountCents: charge.amountCents.toString(),
    externalId: charge.externalId,
    metadata: charge.metadata,
    expiresAt: charge.expiresAt.toISOString(),
    paidEndToEndId: charge.paidEndToEndId,
    // a payment link's charge names its link in every charge event (docs/decisions/0038)
    ...(charge.paymentLinkId ? { paymentLinkId: charge.paymentLinkId } : {}),
  };
}

/** The BR Code of a charge of `account` served at the location `token`. */
export function chargeEmv(
  account: Pick<Account, "name">,
  token: string,
  amountCents: bigint,
  tipoCob: "cob" | "cobv" = "cob",
): string {
  return encodeDynamicBrCode({
    locationUrl: locationUrl(config().APP_URL, token, tipoCob),
    amountCents,
    merchantName: account.name,
    merchantCity: config().PLATFORM_CITY,
  });
}

/**
 * `sink`: where a keyed request records the charge, in the charge's transaction (server/idempotency/).
 * `check`: a caller's rule run in that transaction before the charge is written (a payment link's
 * limits); what it throws rolls everything back.
 */
export async function createCharge(
  db: Db,
  input: NewCharge,
  {
    now = new Date(),
    sink,
    check,
  }: { now?: Date; sink?: EffectSink | undefined; check?: (tx: Tx) => Promise<void> } = {},
): Promise<Charge> {
  const seconds = input.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRATION_SECONDS) {
    throw invalid(`expirationSeconds must be an integer from 1 to ${MAX_EXPIRATION_SECONDS}`, "expirationSeconds");
  }
  if (input.amountCents <= 0n || input.amountCents > config().MAX_TRANSACTION_AMOUNT_CENTS) {
    // interface 4.3 has no 422: a charge above the per-transaction maximum is invalid input
    throw invalid(
      `amount must be at most ${centsToBrl(config().MAX_TRANSACTION_AMOUNT_CENTS).toFixed(2)}`,
      "amount",
      "AMOUNT_ABOVE_LIMIT",
    );
  }
  return db.$transaction(async (tx) => {
    const account = await ownedAccount(tx, input.accountId, input.userId);
    assertActive(account);
    await check?.(tx);
    if (input.externalId) {
      const taken = await tx.charge.findUnique({
        where: { accountId_externalId: { accountId: account.id, externalId: input.externalId } },
        select: { txId: true },
      });
      if (taken)
        throw new AppError(
          "IDEMPOTENCY_CONFLICT",
          `externalId ${input.externalId} was already used`,
          "externalId",
          "EXTERNAL_ID_TAKEN",
        );
    }
    const currentKey = await tx.pixKey.findFirst({ where: { accountId: account.id, isCurrent: true } });
    const txId = newTxId();
    const location = await createLocation(tx, account.userId, "cob", now, txId);
    const charge = await insertCharge(tx, {
      txId,
      locationId: location.token,
      accountId: account.id,
      userId: account.userId,
      amountCents: input.amountCents,
      description: input.description ?? null,
      externalId: input.externalId ?? null,
      metadata: (input.metadata ?? undefined) as object | undefined,
      sameDocument: input.sameDocument ? onlyDigits(input.sameDocument) : null,
      paymentLinkId: input.paymentLinkId ?? null,
      linkVisit: input.linkVisit ?? null,
      pixKey: currentKey?.key ?? null,
      emv: chargeEmv(account, location.token, input.amountCents),
      expiresAt: new Date(now.getTime() + seconds * 1000),
      createdAt: now,
      updatedAt: now,
    });
    await sink?.record(tx, { kind: "charge", txId: charge.txId });
    return charge;
  });
}

/** The caller's charge; 404 when unknown, someone else's, or expired (interface 4.3). */
export async function getCharge(tx: Tx, userId: string, txId: string, now = new Date()): Promise<Charge> {
  if (!CHARGE_TXID_PATTERN.test(txId)) throw invalid("txId must be 26-35 letters and digits", "txId");
  const charge = await tx.charge.findUnique({ where: { txId } });
  if (!charge || charge.userId !== userId) throw notFound("charge not found");
  if (charge.status === "expired" || (charge.status === "created" && charge.expiresAt <= now)) {
    throw notFound("charge not found or expired");
  }
  return charge;
}

/** The caller's charge in any status (the dashboard shows expired and paid ones too). */
export async function findOwnCharge(tx: Tx, userId: string, txId: string): Promise<Charge> {
  if (!CHARGE_TXID_PATTERN.test(txId)) throw invalid("txId must be 26-35 letters and digits", "txId");
  const charge = await tx.charge.findUnique({ where: { txId } });
  if (!charge || charge.userId !== userId) throw notFound("charge not found");
  return charge;
}

/**
 * Marks every charge past its expiry and records `charge.expired` for each, in one transaction.
 * Each one's revision before the change is kept (API Pix: the PSP removed it, a new revision).
 */
export async function expireDueCharges(db: Db, now = new Date()): Promise<number> {
  return db.$transaction(async (tx) => {
    const expired = await tx.$queryRaw<{ tx_id: string }[]>`
      WITH due AS (
        SELECT * FROM charges WHERE status = 'created' AND expires_at <= ${now} FOR UPDATE
      ), kept AS (
        INSERT INTO charge_revisions (tx_id, revision, snapshot) SELECT due.tx_id, due.revision, to_jsonb(due) FROM due
      )
      UPDATE charges c SET status = 'expired', updated_at = ${now}, revision = c.revision + 1
        FROM due WHERE c.tx_id = due.tx_id
       RETURNING c.tx_id`;
    for (const { tx_id } of expired) {
      const charge = await tx.charge.findUniqueOrThrow({ where: { txId: tx_id } });
      await recordEvent(tx, {
        topic: "charge.expired",
        accountId: charge.accountId,
        userId: charge.userId,
        entryId: charge.txId,
        payload: chargeSnapshot(charge),
      });
    }
    return expired.length;
  });
}

const createdEvent = (charge: Charge) => ({
  topic: "charge.created" as const,
  accountId: charge.accountId,
  userId: charge.userId,
  entryId: charge.txId,
  payload: chargeSnapshot(charge),
});

/** A new charge row and its `charge.created` event, in the caller's transaction: every kind of charge is born here. */
export async function insertCharge(tx: Tx, data: Prisma.ChargeUncheckedCreateInput): Promise<Charge> {
  const charge = await tx.charge.create({ data });
  await recordEvent(tx, createdEvent(charge));
  return charge;
}

/** The same for many charges: one statement for the rows, one for their events (batches of cobv). */
export async function insertCharges(tx: Tx, data: Prisma.ChargeCreateManyInput[]): Promise<Charge[]> {
  if (!data.length) return [];
  const charges = await tx.charge.createManyAndReturn({ data });
  await recordEvents(tx, charges.map(createdEvent));
  return charges;
}
