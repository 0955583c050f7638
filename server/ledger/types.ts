/** The ledger's shapes, declared once (docs/decisions/0004-ledger.md). No imports from ledger/. */
import { AppError } from "../errors";
import type { LedgerEntry } from "../generated/prisma/client";
import type { Party } from "./parties";

/** Interface 2.2: every reason an entry can have. */
export const ENTRY_REASONS = [
  "pix_in:qrcode_paid",
  "pix_in:credited",
  "pix_out:processing",
  "pix_out:emv_pay",
  "pix_in:refunded_processing",
  "pix_out:refunded_processing",
  "internal:transfer_out",
  "internal:transfer_in",
] as const;
export type EntryReason = (typeof ENTRY_REASONS)[number];

/**
 * Reasons no surface announces (interface 6: neither webhook catalog names an internal transfer).
 * Their entries' creation writes no outbox event: an event no handler turns into anything is a
 * row per side and a relay pass for nothing. server/webhooks/catalog.test.ts holds the catalogs
 * to this list.
 */
export const UNANNOUNCED_REASONS: ReadonlySet<EntryReason> = new Set(["internal:transfer_out", "internal:transfer_in"]);

export const isEntryReason = (value: string): value is EntryReason =>
  (ENTRY_REASONS as readonly string[]).includes(value);

/** Each reason's key in the `ledger.reasons` messages, for every screen and document that names it. */
export const REASON_MESSAGE_KEYS = {
  "pix_in:qrcode_paid": "pixInQrcodePaid",
  "pix_in:credited": "pixInCredited",
  "pix_out:processing": "pixOutProcessing",
  "pix_out:emv_pay": "pixOutEmvPay",
  "pix_in:refunded_processing": "pixInRefunded",
  "pix_out:refunded_processing": "pixOutRefunded",
  "internal:transfer_out": "internalOut",
  "internal:transfer_in": "internalIn",
} as const satisfies Record<EntryReason, string>;

/** A ledger entry as services see it: the row, with its reason typed. */
export type Entry = Omit<LedgerEntry, "reason"> & { reason: EntryReason };

export type MerchantBucket = "available" | "held" | "blocked";
export type SystemBucket = "spi" | "fees";

export type Leg =
  | { accountId: string; bucket: MerchantBucket; amountCents: bigint }
  | { accountId: null; bucket: SystemBucket; amountCents: bigint };

export type EntryStatus = "processing" | "succeeded" | "failed";

export type NewEntry = {
  id: string;
  accountId: string;
  userId: string;
  type: "debit" | "credit";
  reason: EntryReason;
  status: EntryStatus;
  grossCents: bigint;
  feeCents?: bigint;
  /** defaults: credit gross − fee, debit gross + fee (what left the account) */
  netCents?: bigint;
  endToEndId?: string | null;
  parentEndToEndId?: string | null;
  entryRef?: string | null;
  externalId?: string | null;
  requestId?: string | null;
  pixKey?: string | null;
  payer?: Party | null;
  receiver?: Party | null;
  obs?: string | null;
  description?: string | null;
  metadata?: Record<string, unknown> | null;
  errorMessage?: string | null;
  counterpartEntryId?: string | null;
};

export class InsufficientFunds extends AppError {
  constructor(readonly accountId: string) {
    super("INSUFFICIENT_BALANCE", "insufficient balance", "amount");
  }
}
