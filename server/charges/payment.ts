/**
 * Paying a charge: once, before it expires, by the document it names (if any). The charge row
 * is locked for the payment's transaction, so two concurrent payments give exactly one credit.
 */
import { assertActive } from "../accounts/rules";
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { onlyDigits } from "../documents/cpf-cnpj";
import { AppError, invalid, notFound } from "../errors";
import type { Account, Charge, LedgerEntry } from "../generated/prisma/client";
import { newEndToEndId } from "../ledger/ids";
import { type Party, platformParty } from "../ledger/parties";
import { receive } from "../ledger/verbs";
import { coverOwedMeds } from "../meds/owed";
import { recordEvent } from "../outbox/record";
import { settledArrival } from "../pix/arrival-wait";
import { BrCodeError, decodeBrCode } from "../pix/brcode";
import { pixRail } from "../pix/current-rail";
import type { PartialParty } from "../pix/rail";
import { chargeProduct } from "../pricing/products";
import { withFee } from "../pricing/settlement";
import type { CalendarDate } from "./due-date/calendar";
import { dueOnPaymentDay, paidColumns, payableCents, paymentDay } from "./due-date/payment";
import { isDueDateCharge } from "./due-date/record";
import { ownLocationId } from "./ids";
import { keepRevision } from "./revisions";
import { chargeSnapshot } from "./service";

/**
 * Why a charge cannot be paid at `now`, or null when it can: already paid, or past its expiry
 * (expired, cancelled, or still `created` after its time, before the job marks it). What a payer's
 * preview says before confirming, and what `lockPayableCharge` refuses.
 */
export function unpayableReason(
  charge: Pick<Charge, "status" | "expiresAt">,
  now = new Date(),
): "CHARGE_ALREADY_PAID" | "CHARGE_EXPIRED" | null {
  if (charge.status === "paid") return "CHARGE_ALREADY_PAID";
  if (charge.status !== "created" || charge.expiresAt <= now) return "CHARGE_EXPIRED";
  return null;
}

/**
 * A paid charge is a 409 for the sandbox payer (single use) and the 400 "transaction not
 * allowed" of interface 4.2 for `transfer/pay` (`paidIs: "not_allowed"`). A payer whose
 * document is not the one the charge names is a 400 on both.
 */
export async function lockPayableCharge(
  tx: Tx,
  txId: string,
  payerDocument: string | null,
  options: {
    paidIs?: "conflict" | "not_allowed";
    now?: Date;
    /** the São Paulo day the payment counts on (a cobv's amount depends on it); today by default */
    paidOn?: CalendarDate;
    /** what the payer sends: a cobv takes exactly the amount due on the payment's day */
    amountCents?: bigint | null;
  } = {},
): Promise<Charge> {
  const now = options.now ?? new Date();
  const [row] = await tx.$queryRaw<{ tx_id: string }[]>`SELECT tx_id FROM charges WHERE tx_id = ${txId} FOR UPDATE`;
  if (!row) throw notFound("charge not found");
  const charge = await tx.charge.findUniqueOrThrow({ where: { txId } });
  const unpayable = unpayableReason(charge, now);
  if (unpayable === "CHARGE_ALREADY_PAID") {
    if (options.paidIs === "not_allowed")
      throw invalid("transaction not allowed: charge already paid", "emv", "CHARGE_ALREADY_PAID");
    throw new AppError("CONFLICT", "charge already paid", undefined, "CHARGE_ALREADY_PAID");
  }
  if (unpayable === "CHARGE_EXPIRED") throw invalid("charge has expired", "txId", "CHARGE_EXPIRED");
  if (charge.sameDocument && onlyDigits(payerDocument ?? "") !== charge.sameDocument) {
    throw invalid(
      "transaction not allowed: this charge accepts payment only from the document it names",
      "payer",
      "PAYER_NOT_ALLOWED",
    );
  }
  if (isDueDateCharge(charge)) dueOnPaymentDay(charge, paymentDay(now, options.paidOn), options.amountCents);
  return charge;
}

/**
 * `paidOn`: the São Paulo day the payment counts on (a cobv keeps its amount's components for it).
 * `credit`: the entry that credited the payment, whose gross, fee and net the event carries.
 */
export async function markChargePaid(
  tx: Tx,
  charge: Charge,
  endToEndId: string,
  now = new Date(),
  paidOn?: CalendarDate,
  credit?: Pick<LedgerEntry, "grossCents" | "feeCents" | "netCents">,
): Promise<void> {
  await keepRevision(tx, charge.txId);
  const paid = await tx.charge.update({
    where: { txId: charge.txId },
    data: {
      status: "paid",
      paidAt: now,
      paidEndToEndId: endToEndId,
      updatedAt: now,
      revision: { increment: 1 },
      ...paidColumns(charge, paymentDay(now, paidOn)),
    },
  });
  await recordEvent(tx, {
    topic: "charge.paid",
    accountId: paid.accountId,
    userId: paid.userId,
    entryId: paid.txId,
    payload: {
      ...chargeSnapshot(paid),
      ...(credit
        ? {
            grossCents: credit.grossCents.toString(),
            feeCents: credit.feeCents.toString(),
            netCents: credit.netCents.toString(),
          }
        : {}),
    },
  });
}

/**
 * Sandbox: a payer at another institution pays one of the caller's charges; a cobv as if on
 * `paidOn` (today in São Paulo by default), moving the amount due on that day.
 */
export async function payChargeFromOutside(
  db: Db | Tx,
  input: { userId: string; txId: string; payer?: PartialParty | null; paidOn?: CalendarDate },
): Promise<LedgerEntry> {
  const now = new Date();
  const paidOn = paymentDay(now, input.paidOn);
  // On the simulated network a payer's institution sends it over the wire; one dated another day
  // (a cobv paid late or early) carries that day's noon in São Paulo as the payer's acceptance.
  const overTheWire = pixRail().sendFromSimulatedInstitution;
  const checked = await inTransaction(db, async (tx) => {
    const owned = await tx.charge.findUnique({
      where: { txId: input.txId },
      select: { userId: true, sameDocument: true },
    });
    if (!owned || owned.userId !== input.userId) throw notFound("charge not found");
    // The payer carries the document the charge asks for, unless the caller names one; the rail
    // completes what the caller left out.
    const payer = pixRail().counterparty(`payer-of-${input.txId}`, {
      ...(owned.sameDocument ? { cpfCnpj: owned.sameDocument } : {}),
      ...input.payer,
    });
    const charge = await lockPayableCharge(tx, input.txId, payer.cpfCnpj, { now, paidOn });
    const account = await ownedAccount(tx, charge.accountId, input.userId);
    if (overTheWire) {
      assertActive(account);
      return { charge, account, payer, credit: null };
    }
    const endToEndId = newEndToEndId("E", payer.ispb);
    const credit = await creditChargePayment(tx, charge, account, { endToEndId, payer, now, paidOn });
    return { charge, account, payer, credit };
  });
  if (checked.credit || !overTheWire) return checked.credit as LedgerEntry;
  const { charge, account } = checked;
  const known = { ...(charge.sameDocument ? { cpfCnpj: charge.sameDocument } : {}), ...input.payer };
  const endToEndId = await overTheWire({
    kind: "payment",
    amountCents: payableCents(charge, paidOn),
    creditorKey: charge.pixKey,
    creditorAccount: account.id,
    creditorBranch: account.agency,
    initiation: "QRDN",
    txId: charge.txId,
    payer: known,
    ...(paidOn === paymentDay(now) ? {} : { acceptedAt: new Date(`${paidOn}T15:00:00Z`) }),
  });
  return settledArrival(db as Db, endToEndId);
}

/**
 * A locked payable charge paid by a PIX from another institution: the account credited with the
 * amount due less the fee of its product (once per end-to-end id) and the charge marked paid, in
 * the caller's transaction.
 */
export async function creditChargePayment(
  tx: Tx,
  charge: Charge,
  account: Account,
  payment: { endToEndId: string; payer: Party; now: Date; paidOn: CalendarDate },
): Promise<LedgerEntry> {
  assertActive(account);
  const gross = {
    endToEndId: payment.endToEndId,
    accountId: account.id,
    userId: account.userId,
    reason: "pix_in:qrcode_paid" as const,
    grossCents: payableCents(charge, payment.paidOn),
    entryRef: charge.txId,
    externalId: charge.externalId,
    description: charge.description,
    metadata: (charge.metadata as Record<string, unknown> | null) ?? null,
    payer: payment.payer,
    receiver: platformParty(account),
  };
  const credit = await receive(tx, await withFee(tx, gross, chargeProduct(charge), payment.now));
  await coverOwedMeds(tx, account.id);
  await markChargePaid(tx, charge, payment.endToEndId, payment.now, payment.paidOn, credit);
  return credit;
}

/**
 * The txid of the caller's own charge a BR Code (copy-and-paste) points at, through its location:
 * the sandbox payer pays a charge by its code as well as by its txid.
 */
export async function txIdOfOwnBrCode(db: Db | Tx, userId: string, emv: string): Promise<string> {
  let decoded: ReturnType<typeof decodeBrCode>;
  try {
    decoded = decodeBrCode(emv);
  } catch (error) {
    if (error instanceof BrCodeError) throw invalid(`invalid EMV: ${error.message}`, "emv", error.code);
    throw error;
  }
  const locationId = decoded.kind === "dynamic" ? ownLocationId(config().APP_URL, decoded.url) : null;
  const charge = locationId
    ? await db.charge.findUnique({ where: { locationId }, select: { txId: true, userId: true } })
    : null;
  if (!charge || charge.userId !== userId) throw notFound("no charge of yours has this code", "emv", "UNKNOWN_CHARGE");
  return charge.txId;
}
