/** The ledger's invariants, checked against the whole database (`npm run cli -- ledger verify`). */
import type { Db } from "../db/client";

export type Violation = { invariant: string; detail: string };

/**
 * The books against the reserve at the Central Bank (the `spi` bucket): what the platform owes
 * its merchants (every account's available + held + blocked) plus what it earned (the `fees`
 * bucket) equals the money that came in through SPI less the money that went out — minus the sum
 * of the `spi` postings, since a PIX in posts its amount negative there.
 */
export type Books = { merchantBalancesCents: bigint; feesCents: bigint; reserveCents: bigint };

export const BOOKS_TIE_OUT = "books tie out to the reserve";
export const FEES_TIE_OUT = "fees bucket equals the fees of settled entries";

export async function verifyLedger(
  db: Db,
): Promise<{ ok: boolean; checked: Record<string, number>; books: Books; violations: Violation[] }> {
  const violations: Violation[] = [];

  const unbalanced = await db.$queryRaw<{ transaction_id: string; total: bigint }[]>`
    SELECT transaction_id, SUM(amount_cents) AS total FROM ledger_postings
     GROUP BY transaction_id HAVING SUM(amount_cents) <> 0 LIMIT 100`;
  for (const row of unbalanced) {
    violations.push({
      invariant: "transaction sums to zero",
      detail: `transaction ${row.transaction_id} sums to ${row.total}`,
    });
  }

  const drifted = await db.$queryRaw<{ id: string; bucket: string; cached: bigint; posted: bigint }[]>`
    WITH posted AS (
      SELECT account_id, bucket, SUM(amount_cents) AS total FROM ledger_postings
       WHERE account_id IS NOT NULL GROUP BY account_id, bucket
    ), cached AS (
      SELECT id, 'available' AS bucket, available_cents AS cents FROM accounts
      UNION ALL SELECT id, 'held', held_cents FROM accounts
      UNION ALL SELECT id, 'blocked', blocked_cents FROM accounts
    )
    SELECT c.id, c.bucket, c.cents AS cached, COALESCE(p.total, 0)::bigint AS posted
      FROM cached c LEFT JOIN posted p ON p.account_id = c.id AND p.bucket = c.bucket
     WHERE c.cents <> COALESCE(p.total, 0)
     LIMIT 100`;
  for (const row of drifted) {
    violations.push({
      invariant: "cached balance equals postings",
      detail: `account ${row.id} ${row.bucket}: cached ${row.cached}, postings ${row.posted}`,
    });
  }

  const negative = await db.$queryRaw<{ id: string }[]>`
    SELECT id FROM accounts WHERE available_cents < 0 OR held_cents < 0 OR blocked_cents < 0 LIMIT 100`;
  for (const row of negative) violations.push({ invariant: "no negative balance", detail: `account ${row.id}` });

  const duplicateKeys = await db.$queryRaw<{ idempotency_key: string }[]>`
    SELECT idempotency_key FROM ledger_entries GROUP BY idempotency_key HAVING COUNT(*) > 1 LIMIT 100`;
  for (const row of duplicateKeys) {
    violations.push({ invariant: "idempotency keys unique", detail: row.idempotency_key });
  }

  // One statement, so the balances and the postings are read from one snapshot even while money moves.
  const [sums] = await db.$queryRaw<{ merchants: bigint; fees: bigint; reserve: bigint }[]>`
    SELECT (SELECT COALESCE(SUM(available_cents + held_cents + blocked_cents), 0) FROM accounts)::bigint AS merchants,
           (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_postings
             WHERE account_id IS NULL AND bucket = 'fees')::bigint AS fees,
           (SELECT COALESCE(-SUM(amount_cents), 0) FROM ledger_postings
             WHERE account_id IS NULL AND bucket = 'spi')::bigint AS reserve`;
  const books: Books = {
    merchantBalancesCents: sums?.merchants ?? 0n,
    feesCents: sums?.fees ?? 0n,
    reserveCents: sums?.reserve ?? 0n,
  };
  if (books.merchantBalancesCents + books.feesCents !== books.reserveCents) {
    violations.push({
      invariant: BOOKS_TIE_OUT,
      detail:
        `merchant balances ${books.merchantBalancesCents} + fees ${books.feesCents} = ` +
        `${books.merchantBalancesCents + books.feesCents} centavos, reserve movements ${books.reserveCents} centavos`,
    });
  }

  // The fee account: every fee posted is the fee of a settled entry (docs/decisions/0058), and back.
  // An entry counts once money moved on it: a settled entry always has postings, a row without any
  // (a statement's or a report's fixture written straight into the table) moved nothing.
  const [feeSums] = await db.$queryRaw<{ entries: bigint }[]>`
    SELECT COALESCE(SUM(e.fee_cents), 0)::bigint AS entries FROM ledger_entries e
     WHERE e.status = 'succeeded' AND EXISTS (SELECT 1 FROM ledger_postings p WHERE p.entry_seq = e.seq)`;
  const entriesFeeCents = feeSums?.entries ?? 0n;
  if (entriesFeeCents !== books.feesCents) {
    violations.push({
      invariant: FEES_TIE_OUT,
      detail: `fees bucket ${books.feesCents} centavos, fees of settled entries ${entriesFeeCents} centavos`,
    });
  }

  const [counts] = await db.$queryRaw<{ entries: bigint; postings: bigint; accounts: bigint }[]>`
    SELECT (SELECT COUNT(*) FROM ledger_entries) AS entries, (SELECT COUNT(*) FROM ledger_postings) AS postings,
           (SELECT COUNT(*) FROM accounts) AS accounts`;
  return {
    ok: violations.length === 0,
    checked: {
      entries: Number(counts?.entries ?? 0),
      postings: Number(counts?.postings ?? 0),
      accounts: Number(counts?.accounts ?? 0),
    },
    books,
    violations,
  };
}
