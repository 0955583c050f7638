/**
 * The cash-out by key to another institution on the plain `pg` pool (docs/performance.md,
 * docs/decisions/0021): the gateway's hottest write. One read (account, whether the key is one
 * of this platform's, whether the externalId was used), then one transaction on one connection:
 * the held debit (`ledger_post`), the rail's submission event, and the caller's step (the
 * gateway's idempotency recovery point). The same rules as sendPixToKey → sendPix, which still
 * serve every other case: a key of this platform (settled at once inside it), a rail without the
 * fast-path hooks, a call inside a caller's transaction.
 */
import { ACCOUNT_ID_PATTERN } from "../accounts/account-id";
import { assertActive } from "../accounts/rules";
import { config } from "../config";
import { pool } from "../db/pool";
import { AppError, invalid, notFound } from "../errors";
import type { PixKeyType } from "../generated/prisma/client";
import type { LedgerWriter } from "../ledger/apply";
import { newEndToEndId } from "../ledger/ids";
import { platformParty } from "../ledger/parties";
import type { Entry } from "../ledger/types";
import { hold } from "../ledger/verbs";
import { recordEventOn } from "../outbox/record";
import { pixRail } from "../pix/current-rail";

/** Runs in the payout's transaction, after the hold: its failure rolls the payout back. */
export type WithinCommit = (writer: LedgerWriter, entry: Entry) => Promise<void>;

type SourceRow = {
  id: string;
  user_id: string;
  name: string;
  document: string;
  person_type: "person" | "company";
  agency: string;
  status: "active" | "inactive";
  external_fee_cents: string;
  platform_key: boolean;
  external_id_taken: boolean;
};

const READ = `
  SELECT a.id, a.user_id, a.name, a.document, a.person_type, a.agency, a.status, a.external_fee_cents,
         EXISTS (SELECT 1 FROM pix_keys k WHERE k.key = $2) AS platform_key,
         ($3::text IS NOT NULL AND EXISTS (
           SELECT 1 FROM ledger_entries e WHERE e.account_id = a.id AND e.outgoing_external_id = $3)) AS external_id_taken
    FROM accounts a WHERE a.id = $1`;

/** null when this payment is not for the fast path (the caller takes the general one). */
export async function cashOutOnPool(
  input: {
    userId: string;
    accountId: string;
    amountCents: bigint;
    pixKey: string;
    pixKeyType: PixKeyType;
    description?: string | null;
    externalId?: string | null;
  },
  withinCommit?: WithinCommit,
): Promise<Entry | null> {
  const rail = pixRail();
  if (!rail.foreignKey || !rail.submissionEvent) return null;
  if (!ACCOUNT_ID_PATTERN.test(input.accountId)) throw invalid("accountId must be 12 digits", "accountId");
  const { rows } = await pool().query<SourceRow>(READ, [input.accountId, input.pixKey, input.externalId ?? null]);
  const source = rows[0];
  if (!source) throw notFound("account not found");
  if (source.user_id !== input.userId) throw new AppError("FORBIDDEN", "no permission for this account");
  assertActive(source);
  if (source.platform_key) return null;
  if (source.external_id_taken) {
    throw new AppError("IDEMPOTENCY_CONFLICT", `externalId ${input.externalId} was already used`, "externalId");
  }
  const resolved = rail.foreignKey(input.pixKey, input.pixKeyType);
  const endToEndId = newEndToEndId("E", config().PLATFORM_ISPB);
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    const writer: LedgerWriter = { query: async (sql, params) => (await client.query(sql, params)).rows };
    const held = await hold(writer, {
      id: endToEndId,
      endToEndId,
      accountId: source.id,
      userId: source.user_id,
      reason: "pix_out:processing",
      grossCents: input.amountCents,
      feeCents: BigInt(source.external_fee_cents),
      pixKey: resolved.key,
      payer: platformParty({ ...source, personType: source.person_type }),
      receiver: resolved.receiver,
      description: input.description ?? null,
      externalId: input.externalId ?? null,
      requestId: null,
      entryRef: null,
      metadata: null,
    });
    await recordEventOn(
      client,
      rail.submissionEvent({
        entrySeq: held.seq,
        endToEndId,
        accountId: source.id,
        amountCents: input.amountCents,
        receiver: resolved.receiver,
        pixKey: resolved.key,
      }),
    );
    await withinCommit?.(writer, held);
    await client.query("COMMIT");
    return held;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
