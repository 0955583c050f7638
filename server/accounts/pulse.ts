/**
 * What the dashboard polls to stay current while money moves: a marker that changes whenever a
 * balance or the newest ledger entry of the user changes, and the PIX received since the marker
 * the page last saw (for its "PIX received" notice). Two index-only reads; the page polls with
 * backoff while nothing changes (components/balance/live-updates.tsx).
 */
import type { Tx } from "../db/client";
import type { Party } from "../ledger/parties";

/** Credits a person is told about as they arrive. */
const RECEIVED_REASONS = ["pix_in:qrcode_paid", "pix_in:credited", "internal:transfer_in"];
const NOTICES_AT_MOST = 5;

export type Pulse = {
  marker: string;
  received: { id: string; accountId: string; amountCents: bigint; payerName: string | null }[];
};

type Newest = { seq: bigint; created_at: Date };

export async function accountPulse(tx: Tx, userId: string, since: string | null): Promise<Pulse> {
  const [accounts, [newest]] = await Promise.all([
    tx.account.findMany({
      where: { userId },
      select: { id: true, availableCents: true, heldCents: true, blockedCents: true, status: true },
      orderBy: { id: "asc" },
    }),
    tx.$queryRaw<Newest[]>`
      SELECT seq, created_at FROM ledger_entries WHERE user_id = ${userId}::uuid
      ORDER BY created_at DESC, seq DESC LIMIT 1`,
  ]);
  const balances = accounts
    .map((a) => `${a.id}=${a.availableCents}/${a.heldCents}/${a.blockedCents}/${a.status}`)
    .join(",");
  const marker = `${newest ? `${newest.created_at.toISOString()}~${newest.seq}` : "none"}|${balances}`;
  return { marker, received: since && since !== marker ? await receivedSince(tx, userId, since) : [] };
}

/** Credits newer than the entry `since` named (none when it named no entry: a first look). */
async function receivedSince(tx: Tx, userId: string, since: string): Promise<Pulse["received"]> {
  const [newestSeen] = since.split("|");
  const [at, seq] = (newestSeen ?? "").split("~");
  const after = at ? new Date(at) : null;
  if (!after || Number.isNaN(after.getTime()) || !seq || !/^\d{1,19}$/.test(seq)) return [];
  const rows = await tx.ledgerEntry.findMany({
    where: {
      userId,
      type: "credit",
      reason: { in: RECEIVED_REASONS },
      createdAt: { gte: after },
      seq: { gt: BigInt(seq) },
    },
    select: { id: true, accountId: true, netCents: true, payer: true },
    orderBy: [{ createdAt: "desc" }, { seq: "desc" }],
    take: NOTICES_AT_MOST,
  });
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    amountCents: row.netCents,
    payerName: (row.payer as Party | null)?.name ?? null,
  }));
}
