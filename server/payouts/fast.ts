/**
 * The cash-out by key to another institution on the plain `pg` pool (docs/performance.md,
 * docs/decisions/0021): the gateway's hottest write. One read (account, whether the key is one
 * of this platform's, whether the externalId was used), then one write that commits together the
 * held debit, the rail's submission event and the gateway's idempotency recovery point, which
 * also completes the idempotency record (the gateway stores nothing after it) — grouped
 * with concurrent cash-outs into one statement (server/ledger/cash-out-batch.ts,
 * docs/decisions/0023), or in a transaction of its own when the batch fails as a whole. The same rules as sendPixToKey → sendPix, which still
 * serve every other case: a key of this platform (settled at once inside it), a rail without the
 * fast-path hooks, a call inside a caller's transaction.
 */
import { ACCOUNT_ID_PATTERN } from "../accounts/account-id";
import type { AccountRow } from "../accounts/row";
import { assertActive } from "../accounts/rules";
import { config } from "../config";
import { batchedStatement } from "../db/batched";
import { pool, probePool } from "../db/pool";
import { AppError, invalid, notFound } from "../errors";
import { type AnsweringRecoveryPoint, claimTaken, type EffectSink, writeOn } from "../idempotency/sink";
import type { LedgerWriter } from "../ledger/apply";
import { cashOutGrouped } from "../ledger/cash-out-batch";
import { groupedChange } from "../ledger/group-commit";
import { newEndToEndId } from "../ledger/ids";
import { platformParty } from "../ledger/parties";
import type { Entry, NewEntry } from "../ledger/types";
import { hold, holdChange } from "../ledger/verbs";
import { checkWithinLimits } from "../limits/batched-check";
import { type OutboxEventInput, recordEventOn } from "../outbox/record";
import { pixRail } from "../pix/current-rail";
import { pixOutFeeOf } from "../pricing/fee";
import { PIX_OUT_PRICE_LATERAL, type PixOutPriceRow, pixOutPriceOfRow } from "../pricing/settlement";
import type { CashOut } from "./cash-out-input";

type SourceRow = AccountRow &
  PixOutPriceRow & { external_fee_cents: string; platform_key: boolean; external_id_taken: boolean };

// Concurrent cash-outs' reads in one statement (server/db/batched.ts): one row per item, by n.
// Named, on the pool that plans once per connection (server/db/pool.ts, probePool): the account, the
// platform key and the used externalId are each a LATERAL … LIMIT 1 probe of a unique index. As
// EXISTS sub-queries they could become hashed sub-plans, which read every outgoing externalId of
// the ledger on each call: after a burst of 64 connections PostgreSQL kept such a generic plan on
// the main pool, at 4 ms a call (docs/decisions/0023, item 6).
export const READ_MANY = `
  SELECT i.n, a.id, a.user_id, a.name, a.document, a.person_type, a.agency, a.status, a.external_fee_cents,
         k.key IS NOT NULL AS platform_key, e.id IS NOT NULL AS external_id_taken, pix_out_price.*
    FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS i(account_id, pix_key, external_id, n)
    CROSS JOIN LATERAL (SELECT * FROM accounts a WHERE a.id = i.account_id LIMIT 1) a
    LEFT JOIN LATERAL (SELECT k.key FROM pix_keys k WHERE k.key = i.pix_key LIMIT 1) k ON true
    LEFT JOIN LATERAL (
      SELECT e.id FROM ledger_entries e
       WHERE e.account_id = a.id AND e.outgoing_external_id = i.external_id LIMIT 1) e ON true
    ${PIX_OUT_PRICE_LATERAL}`;

type Read = { accountId: string; pixKey: string; externalId: string | null };

const readSource = batchedStatement<Read, SourceRow | null>(async (items) => {
  const { rows } = await probePool().query<SourceRow & { n: string }>({
    name: "cash_out_sources",
    text: READ_MANY,
    values: [
      items.map((item) => item.accountId),
      items.map((item) => item.pixKey),
      items.map((item) => item.externalId),
    ],
  });
  const byItem = new Map(rows.map((row) => [Number(row.n), row]));
  return items.map((_, index) => byItem.get(index + 1) ?? null);
});

export type SourceRead = Promise<SourceRow | null>;

/**
 * The fast path's read, started before the caller knows it will take the path (the gateway
 * starts it beside its DICT quota check: one round trip less). It has no effect; a caller that
 * does not use it loses nothing. null when the fast path cannot apply.
 */
export function startSourceRead(input: CashOut): SourceRead | null {
  const rail = pixRail();
  if (!rail.foreignKey || !rail.submissionEvent || !ACCOUNT_ID_PATTERN.test(input.accountId)) return null;
  const read = readSource({ accountId: input.accountId, pixKey: input.pixKey, externalId: input.externalId ?? null });
  read.catch(() => {}); // its failure is the caller's only if it awaits it
  return read;
}

/** null when this payment is not for the fast path (the caller takes the general one). */
export async function cashOutOnPool(
  input: CashOut,
  sink?: EffectSink,
  started?: SourceRead | null,
): Promise<Entry | null> {
  const rail = pixRail();
  const { foreignKey, submissionEvent, submissionSeqField } = rail;
  if (!foreignKey || !submissionEvent) return null;
  if (!ACCOUNT_ID_PATTERN.test(input.accountId)) throw invalid("accountId must be 12 digits", "accountId");
  const source = await (started ??
    readSource({ accountId: input.accountId, pixKey: input.pixKey, externalId: input.externalId ?? null }));
  if (!source) throw notFound("account not found");
  if (source.user_id !== input.userId) throw new AppError("FORBIDDEN", "no permission for this account");
  assertActive(source);
  if (source.platform_key) return null;
  if (source.external_id_taken) {
    throw new AppError("IDEMPOTENCY_CONFLICT", `externalId ${input.externalId} was already used`, "externalId");
  }
  await checkWithinLimits(source.id, input.amountCents);
  const resolved = foreignKey(input.pixKey, input.pixKeyType);
  const endToEndId = newEndToEndId("E", config().PLATFORM_ISPB);
  const debit: Omit<NewEntry, "status" | "type"> = {
    id: endToEndId,
    endToEndId,
    accountId: source.id,
    userId: source.user_id,
    reason: "pix_out:processing",
    grossCents: input.amountCents,
    feeCents: pixOutFeeOf(pixOutPriceOfRow(source), BigInt(source.external_fee_cents), input.amountCents),
    pixKey: resolved.key,
    payer: platformParty({ ...source, personType: source.person_type }),
    receiver: resolved.receiver,
    description: input.description ?? null,
    externalId: input.externalId ?? null,
    requestId: null,
    entryRef: null,
    metadata: null,
  };
  const submission = (entrySeq: bigint) =>
    submissionEvent({
      entrySeq,
      endToEndId,
      accountId: source.id,
      amountCents: input.amountCents,
      receiver: resolved.receiver,
      pixKey: resolved.key,
    });
  // The claim is completed with the hold: the gateway stores nothing after it (server/idempotency/sink.ts).
  const recovery = sink?.answeredPayout({ entryId: endToEndId, accountId: source.id }) ?? null;
  const alone = () => cashOutAlone(debit, submission, recovery);
  // The batch learns the debit's seq in SQL and writes it at the field the rail names; a rail
  // that names none gets the path alone.
  if (!submissionSeqField) return alone();
  return cashOutGrouped({
    change: groupedChange(holdChange(debit)),
    submission: submission(SEQ_WRITTEN_BY_THE_BATCH),
    seqKey: submissionSeqField,
    recovery: recovery && { point: recovery, taken: claimTaken },
    alone,
  });
}

const SEQ_WRITTEN_BY_THE_BATCH = 0n;

/** The cash-out in one transaction of its own: hold, submission event, recovery point and answer. */
async function cashOutAlone(
  debit: Omit<NewEntry, "status" | "type">,
  submission: (entrySeq: bigint) => OutboxEventInput,
  recovery: AnsweringRecoveryPoint | null,
): Promise<Entry> {
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const writer: LedgerWriter = { query: async (sql, params) => (await client.query(sql, params)).rows };
    const held = await hold(writer, debit);
    await recordEventOn(client, submission(held.seq));
    if (recovery) await writeOn(writer, recovery);
    await client.query("COMMIT");
    return held;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
