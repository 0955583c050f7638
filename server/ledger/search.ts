/**
 * The dashboard's ledger search: one box, read as whatever the text can be — an end-to-end id, a
 * txId or an externalId (exact), an amount ("R$ 1.234,56", "12.50"), a CPF/CNPJ (matched in its
 * masked form, as parties are stored) or part of a description, an externalId or a party's name,
 * accents and case aside ("cafe" finds "Café"). The readings are OR'd and each is served by an
 * index (the trigram one: migration 20261126000600); the other filters and the user always apply.
 */
import { maskDocument, onlyDigits } from "../documents/cpf-cnpj";
import { type EntryStatus, type EntryType, Prisma } from "../generated/prisma/client";
import type { EntryReason } from "./types";

/** What narrows the ledger's entries, besides the user: the list's filters and the search box. */
export type EntryFilters = {
  type?: EntryType;
  reason?: EntryReason;
  /** any of these reasons (a family, e.g. every `pix_in:` reason) */
  reasons?: readonly EntryReason[];
  status?: EntryStatus;
  /** epoch ms */
  startDate?: number;
  endDate?: number;
  accountId?: string;
  /** the dashboard's search box */
  search?: string;
};

/** Centavos of an amount as a person types it, pt-BR or plain; null when it is not one. */
export function amountCentsOf(typed: string): bigint | null {
  const value = typed.replace(/^R\$\s*/i, "").replace(/\s/g, "");
  let whole: string;
  let fraction = "";
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value) || /^\d+(,\d{1,2})?$/.test(value)) {
    [whole = "", fraction = ""] = value.replace(/\./g, "").split(",");
  } else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value) || /^\d+(\.\d{1,2})?$/.test(value)) {
    [whole = "", fraction = ""] = value.replace(/,/g, "").split(".");
  } else {
    return null;
  }
  if (whole.length > 13) return null;
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
}

/** A LIKE pattern for "contains", escaped; folded (case, accents) by the SQL that uses it. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `text` folded contains `typed` folded: accents and case aside (server/db/sql/search_fold.sql). */
export const foldedContains = (text: Prisma.Sql, typed: string) =>
  Prisma.sql`search_fold(${text}) LIKE search_fold(${containsPattern(typed)})`;

/** Exactly the expression of the trigram index (migration 20261126000600), folded by `foldedContains`. */
const SEARCHABLE = Prisma.sql`coalesce(description, '') || ' ' || coalesce(external_id, '') || ' ' ||
  coalesce(payer->>'name', '') || ' ' || coalesce(payer->>'cpfCnpj', '') || ' ' ||
  coalesce(receiver->>'name', '') || ' ' || coalesce(receiver->>'cpfCnpj', '')`;

/** The OR of every reading of the typed text. */
export function searchCondition(typed: string): Prisma.Sql {
  const text = typed.trim();
  const readings: Prisma.Sql[] = [];
  if (!/\s/.test(text)) {
    readings.push(Prisma.sql`end_to_end_id = ${text}`, Prisma.sql`entry_ref = ${text}`);
    readings.push(Prisma.sql`external_id = ${text}`);
  }
  const cents = amountCentsOf(text);
  if (cents !== null && cents > 0n) readings.push(Prisma.sql`gross_cents = ${cents}`);
  const digits = onlyDigits(text);
  if (/^[\d.\-/\s]+$/.test(text) && (digits.length === 11 || digits.length === 14)) {
    readings.push(foldedContains(SEARCHABLE, maskDocument(digits)));
  }
  // three characters at least: the trigram index has nothing to look up for fewer
  if (text.length >= 3) readings.push(foldedContains(SEARCHABLE, text));
  if (readings.length === 0) return Prisma.sql`FALSE`;
  return Prisma.sql`(${Prisma.join(readings, " OR ")})`;
}

/** Every filter of the ledger list as one SQL condition, always within the user's entries. */
export function entryCondition(userId: string, filters: EntryFilters): Prisma.Sql {
  const parts = [Prisma.sql`user_id = ${userId}::uuid`];
  if (filters.accountId) parts.push(Prisma.sql`account_id = ${filters.accountId}`);
  if (filters.type) parts.push(Prisma.sql`type = ${filters.type}::"EntryType"`);
  if (filters.reason) parts.push(Prisma.sql`reason = ${filters.reason}`);
  if (filters.reasons) {
    parts.push(
      filters.reasons.length ? Prisma.sql`reason IN (${Prisma.join([...filters.reasons])})` : Prisma.sql`FALSE`,
    );
  }
  if (filters.status) parts.push(Prisma.sql`status = ${filters.status}::"EntryStatus"`);
  if (filters.startDate !== undefined) parts.push(Prisma.sql`created_at >= ${new Date(filters.startDate)}`);
  if (filters.endDate !== undefined) parts.push(Prisma.sql`created_at <= ${new Date(filters.endDate)}`);
  if (filters.search?.trim()) parts.push(searchCondition(filters.search));
  return Prisma.join(parts, " AND ");
}
