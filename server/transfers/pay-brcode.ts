/** Paying a BR Code (copy-and-paste): decode, apply the amount rules of interface 4.2, send. */
import { todayInSaoPaulo } from "../charges/due-date/calendar";
import { amountDueOn, isDueDateCharge } from "../charges/due-date/record";
import { ownLocationId } from "../charges/ids";
import { lockPayableCharge, markChargePaid, unpayableReason } from "../charges/payment";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { invalid } from "../errors";
import type { Charge, LedgerEntry } from "../generated/prisma/client";
import type { Party } from "../ledger/parties";
import { platformParty } from "../ledger/parties";
import { BrCodeError, type DecodedBrCode, decodeBrCode } from "../pix/brcode";
import { pixRail } from "../pix/current-rail";
import type { KeyLookup } from "../pix/rail";
import { keyLookupFor } from "./key-lookup";
import { sendPix } from "./send-pix";

export type BrCodePreview = {
  /** set when the code is a charge of this platform */
  charge: Charge | null;
  decoded: DecodedBrCode;
  receiver: Party;
  platformAccountId: string | null;
  pixKey: string | null;
  /** what will be paid, when the code fixes it */
  amountCents: bigint | null;
  /** what the payer is told the payment is for: the charge's description, else the code's */
  description: string | null;
  /** why this platform's charge cannot be paid any more (paid, expired); null when it can */
  unpayable: "CHARGE_ALREADY_PAID" | "CHARGE_EXPIRED" | null;
  /** the receiver's CPF or CNPJ in digits, when the directory or this platform knows it */
  receiverDocument: string | null;
};

/** Who pays: the look-up of a static code's key names them (the merchant's oldest account for a preview). */
export type BrCodePayer = { userId: string; accountId?: string | null; lookup?: KeyLookup };

export function decodeOrReject(emv: string): DecodedBrCode {
  try {
    return decodeBrCode(emv);
  } catch (error) {
    if (error instanceof BrCodeError) throw invalid(`invalid EMV: ${error.message}`, "emv", error.code);
    throw error;
  }
}

/** Who would be paid and how much, without paying (the dashboard shows this before confirming). */
export async function previewBrCode(tx: Tx, emv: string, payer?: BrCodePayer): Promise<BrCodePreview> {
  const decoded = decodeOrReject(emv);
  if (decoded.kind === "static") {
    const lookup = payer && (payer.lookup ?? (await keyLookupFor(tx, payer.userId, payer.accountId)));
    const resolved = await pixRail().resolveKey(tx, decoded.pixKey, undefined, lookup);
    return {
      receiverDocument: resolved.receiverDocument ?? null,
      charge: null,
      decoded,
      receiver: resolved.receiver,
      platformAccountId: resolved.platformAccountId,
      pixKey: resolved.key,
      amountCents: decoded.amountCents,
      description: decoded.description,
      unpayable: null,
    };
  }
  const locationId = ownLocationId(config().APP_URL, decoded.url);
  if (locationId) {
    const charge = await tx.charge.findUnique({ where: { locationId }, include: { account: true } });
    if (!charge) throw invalid("invalid EMV: unknown charge", "emv", "UNKNOWN_CHARGE");
    return {
      charge,
      decoded,
      receiverDocument: charge.account.document,
      receiver: platformParty(charge.account),
      platformAccountId: charge.accountId,
      pixKey: charge.pixKey,
      ...chargeAmount(charge),
      description: charge.description ?? decoded.description,
    };
  }
  // A dynamic code at another institution: its location is theirs to answer, through the rail.
  return {
    charge: null,
    decoded,
    receiverDocument: null,
    receiver: await pixRail().foreignChargeReceiver({ url: decoded.url, merchantName: decoded.merchantName }),
    platformAccountId: null,
    pixKey: null,
    amountCents: decoded.amountCents,
    description: decoded.description,
    unpayable: null,
  };
}

/** A charge's amount today and whether it can be paid: a cobv's depends on the day (its amount due). */
function chargeAmount(charge: Charge): Pick<BrCodePreview, "amountCents" | "unpayable"> {
  const unpayable = unpayableReason(charge);
  if (!isDueDateCharge(charge) || unpayable) return { amountCents: charge.amountCents, unpayable };
  const due = amountDueOn(charge, todayInSaoPaulo());
  return { amountCents: due.finalCents, unpayable: due.payable ? null : "CHARGE_EXPIRED" };
}

/** Interface 4.2: an embedded amount must be matched (or omitted); only a static code without one takes any. */
export function amountToPay(preview: BrCodePreview, requested: bigint | null): bigint {
  const fixed = preview.amountCents;
  if (fixed !== null) {
    if (requested !== null && requested !== fixed)
      throw invalid("amount must equal the amount in the QR code", "amount", "AMOUNT_MISMATCH");
    return fixed;
  }
  if (preview.decoded.kind === "dynamic")
    throw invalid("transaction not allowed: dynamic QR code without amount", "emv", "DYNAMIC_WITHOUT_AMOUNT");
  if (requested === null)
    throw invalid("amount is required for a static QR code without amount", "amount", "AMOUNT_REQUIRED");
  return requested;
}

export async function payBrCode(
  db: Db | Tx,
  input: {
    userId: string;
    accountId: string;
    emv: string;
    amountCents: bigint | null;
    externalId?: string | null;
    metadata?: Record<string, unknown> | null;
    requestId?: string | null;
  },
): Promise<LedgerEntry> {
  // a static code's key is looked up with the end-to-end id the payment then carries
  const lookup = await keyLookupFor(db, input.userId, input.accountId);
  const preview = await previewBrCode(db, input.emv, { ...input, lookup });
  const charge = preview.charge;
  const amountCents = amountToPay(preview, input.amountCents);
  return sendPix(db, {
    endToEndId: lookup.endToEndId,
    receiverDocument: preview.receiverDocument,
    initiation: preview.decoded.kind === "static" ? "QRES" : "QRDN",
    userId: input.userId,
    accountId: input.accountId,
    amountCents,
    reason: "pix_out:emv_pay",
    receiver: preview.receiver,
    platformAccountId: preview.platformAccountId,
    pixKey: preview.pixKey,
    // the payer's entry says what the charge is for ("Pedido #1001")
    description: preview.description,
    externalId: input.externalId ?? null,
    metadata: input.metadata ?? null,
    requestId: input.requestId ?? null,
    ...(charge
      ? {
          creditReason: "pix_in:qrcode_paid",
          entryRef: charge.txId,
          creditExternalId: charge.externalId,
          creditMetadata: (charge.metadata as Record<string, unknown> | null) ?? null,
          withinTransaction: async (tx, payment) => {
            const locked = await lockPayableCharge(tx, charge.txId, payment.payerDocument, {
              paidIs: "not_allowed",
              amountCents,
            });
            await markChargePaid(tx, locked, payment.endToEndId);
          },
        }
      : {}),
  });
}
