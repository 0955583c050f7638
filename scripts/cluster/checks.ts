/**
 * What the cluster test checks beyond the crash test's auditor (scripts/crash/audit.ts): the
 * statements it requested, the payouts the DICT quota queued, the webhook receipts by event id,
 * and that a client throttled through one web process is throttled through the other (the
 * limiter windows live in Redis, server/http/rate-limit.ts).
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../server/generated/prisma/client";
import { type Client, type Merchant, request } from "../crash/wire";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const DAY_MS = 86_400_000;

/**
 * A client whose every request goes to the next of `baseUrls` in turn, as a round-robin balancer
 * sends it; like a balancer whose health check saw it fail, it skips the webs marked `down`
 * (requests already sent to a web when it is killed are still lost).
 */
export function roundRobin(baseUrls: string[]) {
  const sent = baseUrls.map(() => 0);
  const down = new Set<number>();
  let next = 0;
  const client: Client = {
    get baseUrl() {
      let i = next++ % baseUrls.length;
      for (let tries = 0; down.has(i) && tries < baseUrls.length; tries++) i = next++ % baseUrls.length;
      sent[i] = (sent[i] ?? 0) + 1;
      return baseUrls[i] as string;
    },
  };
  return { client, sent, down };
}

export type StatementRequest = { merchant: Merchant; outcome: number | "lost"; extractId?: string };

/** Statements requested (CSV of the last day) about every `everyMs`, until `stop()`. */
export function requestStatements(client: Client, merchants: Merchant[], everyMs: number) {
  const requests: StatementRequest[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const merchant = pick(merchants);
      const answer = await request(client, "POST", "/v4/i/ledger/extract", {
        auth: merchant.basic,
        body: { accountId: merchant.accountId, startDate: Date.now() - DAY_MS, endDate: Date.now(), format: "csv" },
      });
      requests.push({
        merchant,
        outcome: answer === "lost" ? "lost" : answer.status,
        extractId:
          answer === "lost" ? undefined : (answer.json as { data?: { extractId?: string } } | null)?.data?.extractId,
      });
      await sleep(everyMs);
    }
  })();
  return {
    requests,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

/** Every statement answered 202 exists once, for its merchant, and was built (waits up to `waitMs`). */
export async function checkStatements(db: PrismaClient, requests: StatementRequest[], waitMs: number) {
  const problems: string[] = [];
  const accepted = requests.filter((r) => r.outcome === 202);
  const ids = accepted.map((r) => r.extractId).filter((id): id is string => Boolean(id));
  if (ids.length !== accepted.length)
    problems.push(`${accepted.length - ids.length} statements answered 202 without an extractId`);
  const deadline = Date.now() + waitMs;
  const pending = () => db.statement.count({ where: { id: { in: ids }, status: { in: ["new", "processing"] } } });
  while ((await pending()) > 0 && Date.now() < deadline) await sleep(500);
  const rows = await db.statement.findMany({ where: { id: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const r of accepted) {
    const row = r.extractId ? byId.get(r.extractId) : undefined;
    if (!row) problems.push(`statement ${r.extractId}: answered 202, not stored`);
    else if (row.accountId !== r.merchant.accountId) problems.push(`statement ${row.id}: stored on another account`);
    else if (row.status !== "done" || !row.reportPath)
      problems.push(`statement ${row.id}: ${row.status} (${row.errorMessage ?? "no error"}), not done`);
  }
  const answers = new Map<string, number>();
  for (const r of requests) answers.set(String(r.outcome), (answers.get(String(r.outcome)) ?? 0) + 1);
  const done = rows.filter((row) => row.status === "done").length;
  const retried = rows.filter((row) => row.attempts > 1).length;
  return {
    problems,
    fact: `statements: ${requests.length} requested (${[...answers].map(([k, n]) => `${n}×${k}`).join(", ")}); ${done} of ${accepted.length} accepted done, ${retried} after a retry`,
  };
}

/** Every payout the DICT quota queued left the queue, sent or failed, and reached the rail at most once. */
export async function checkQueuedPayouts(db: PrismaClient) {
  const problems: string[] = [];
  const rows = await db.queuedPayout.groupBy({ by: ["status"], _count: true });
  const count = (status: string) => rows.find((r) => r.status === status)?._count ?? 0;
  if (count("queued") > 0) problems.push(`${count("queued")} payouts still queued`);
  const twice = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM queued_payouts q JOIN ledger_entries e ON e.seq = q.entry_seq
      JOIN outbox_events o ON o.topic = 'rail.payment_submitted' AND o.payload->>'endToEndId' = e.end_to_end_id
     GROUP BY q.id HAVING count(*) > 1`;
  if (twice.length) problems.push(`${twice.length} queued payouts sent to the rail more than once`);
  const total = count("queued") + count("sent") + count("failed");
  return { problems, fact: `queued payouts: ${total} (${count("sent")} sent, ${count("failed")} failed)` };
}

/**
 * Each delivery was received under its one event id (the receiver never saw an id the database
 * does not have); receipts beyond the first are the at-least-once redeliveries after a kill.
 */
export async function checkWebhookReceipts(db: PrismaClient, received: Map<string, number>) {
  const problems: string[] = [];
  const ids = new Set((await db.webhookDelivery.findMany({ select: { id: true } })).map((d) => d.id));
  const strangers = [...received.keys()].filter((id) => !ids.has(id));
  if (strangers.length)
    problems.push(
      `${strangers.length} webhook receipts under an unknown event id: ${strangers.slice(0, 3).join(", ")}`,
    );
  const receipts = [...received.values()].reduce((a, b) => a + b, 0);
  return {
    problems,
    fact: `webhooks: ${ids.size} deliveries, ${received.size} event ids received, ${receipts} receipts (${receipts - received.size} redelivered)`,
  };
}

/**
 * Failed authentications from one client, spread over the web processes: the per-client window
 * (AUTH_FAILURES_PER_CLIENT_PER_MINUTE, kept on with RATE_LIMITS_ENABLED=false) must close on
 * every process once the failures sent to all of them together use it up. The caller's address
 * is a documentation address through X-Forwarded-For (TRUSTED_PROXIES=127.0.0.1), so the
 * per-address window of 127.0.0.1, which the load and anything else on the machine share, is untouched.
 */
export async function checkSharedThrottle(baseUrls: string[], perClientLimit: number) {
  const problems: string[] = [];
  const clientId = `cluster-${randomBytes(6).toString("hex")}`;
  const address = `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
  const attempt = (baseUrl: string) =>
    request({ baseUrl }, "GET", "/v4/i/bank-accounts", {
      auth: `Basic ${Buffer.from(`${clientId}:wrong-secret`).toString("base64")}`,
      headers: { "x-forwarded-for": address },
    });
  const statusOf = (answer: Awaited<ReturnType<typeof attempt>>) => (answer === "lost" ? "lost" : answer.status);
  // the window's failures, alternated over the processes: none of them alone sees the limit
  const first: (number | "lost")[] = [];
  for (let i = 0; i < perClientLimit; i++) first.push(statusOf(await attempt(baseUrls[i % baseUrls.length] as string)));
  if (first.some((s) => s !== 401))
    problems.push(`throttle: the first ${perClientLimit} failures answered ${first.join(",")}, not all 401`);
  const after = await Promise.all(baseUrls.map(async (url) => statusOf(await attempt(url))));
  after.forEach((status, i) => {
    if (status !== 429)
      problems.push(`throttle: web ${i + 1} answered ${status} after ${perClientLimit} failures on all webs, not 429`);
  });
  return {
    problems,
    fact: `throttle: ${perClientLimit} failed authentications spread over ${baseUrls.length} webs, then ${after.join(" and ")}`,
  };
}
