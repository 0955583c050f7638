/**
 * The crash test's auditor: resolves every answer the load lost (retrying with the same
 * Idempotency-Key or externalId, as a client would), rebuilds each merchant's expected balance
 * from what the answers said, and checks the database and the webhook receiver against it.
 */
import type { PrismaClient } from "../../server/generated/prisma/client";
import { verifyLedger } from "../../server/ledger/verify";
import type { Allowance } from "../../tests/hardening/known-defects";
import { auditApiPix } from "./api-pix";
import { createChargeFor, learn, payCharge, sendGateway, transfer } from "./load";
import { auditRecurring, type FedCharge, unsettledRecurring } from "./recurring";
import type { startStack } from "./stack";
import { type Client, type Merchant, type Operation, request } from "./wire";

type Stack = Awaited<ReturnType<typeof startStack>>;

export type AuditResult = { problems: string[]; allowed: { allows: Allowance; detail: string }[]; facts: string[] };

const ok = (status: number | "lost" | undefined) => typeof status === "number" && status >= 200 && status < 300;
const unknown = (status: number | "lost" | undefined) =>
  status === "lost" || (typeof status === "number" && status >= 500);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Retries an operation whose answer was lost, as its client would, once. */
async function resolve(client: Client, db: PrismaClient, op: Operation, result: AuditResult) {
  if (op.kind === "transfer" && unknown(op.outcome)) {
    const retry = await transfer(client, op.merchant, op.receiver as Merchant, op.ref, op.amountCents);
    if (retry === "lost" || retry.status >= 500) return result.problems.push(`transfer ${op.ref}: retry failed too`);
    if (retry.status === 409) {
      const found = await request(client, "GET", `/v4/i/ledger/external-id/${op.ref}`, { auth: op.merchant.basic });
      op.outcome = found !== "lost" && found.status === 200 ? 200 : 409;
      if (op.outcome === 409) result.problems.push(`transfer ${op.ref}: 409 on retry but no entry by externalId`);
    } else op.outcome = retry.status;
  }
  if (op.gateway && unknown(op.outcome)) {
    const retry = await resend(client, op);
    if (retry !== "lost" && retry.status !== 409 && retry.status < 500) learn(op, retry);
  }
  if (op.kind === "charge") {
    if (unknown(op.outcome)) {
      const retry = await createChargeFor(client, op.merchant, op.ref, op.amountCents);
      if (retry !== "lost" && retry.status < 300) op.txId = (retry.json as { data?: { txId?: string } })?.data?.txId;
      else if (retry !== "lost" && retry.status === 409) {
        // the account surface has no lookup of a charge by externalId: the auditor reads it
        op.txId = (
          await db.charge.findFirst({ where: { accountId: op.merchant.accountId, externalId: op.ref } })
        )?.txId;
      }
      op.outcome = op.txId ? 200 : retry === "lost" ? "lost" : retry.status;
      if (!op.txId) return result.problems.push(`charge ${op.ref}: creation unresolvable (${op.outcome})`);
    }
    if (op.txId && op.paid !== true) {
      const retry = await payCharge(client, op.merchant, op.txId);
      if (retry === "lost" || retry.status >= 500) return result.problems.push(`charge ${op.ref}: pay retry failed`);
      op.paid = retry.status < 300 || retry.status === 409;
    }
  }
}

const resend = (client: Client, op: Operation) =>
  sendGateway(client, op.merchant, op.ref, op.gateway as NonNullable<Operation["gateway"]>);

/** How many times an operation's effect happened, as the database has it. */
async function effectsOf(db: PrismaClient, op: Operation): Promise<number> {
  const account = op.merchant.accountId;
  switch (op.kind) {
    case "transfer":
    case "cashout":
      return db.ledgerEntry.count({ where: { accountId: account, outgoingExternalId: op.ref } });
    case "cashin":
      return db.charge.count({ where: { accountId: account, externalId: op.ref } });
    case "refund":
      return db.ledgerEntry.count({ where: { accountId: account, type: "debit", description: op.ref } });
    case "webhook":
      return db.gatewayWebhook.count({ where: { userId: op.merchant.userId, url: { endsWith: `?ref=${op.ref}` } } });
    case "replay": {
      // whether the delivery was sent again (once or twice cannot be told apart)
      const eventId = op.gateway?.path.split("/")[3] ?? "";
      return db.webhookDelivery.count({ where: { id: eventId, manualReplay: true } });
    }
    case "cpf":
    case "charge":
    case "pix-token":
    case "pix-cob":
      return 0;
  }
}

/** What an effect took from its merchant's account (amount and fee), as the ledger has it. */
async function debitOf(db: PrismaClient, op: Operation): Promise<bigint> {
  if (op.kind !== "cashout" && op.kind !== "refund") return 0n;
  const where =
    op.kind === "cashout"
      ? { accountId: op.merchant.accountId, outgoingExternalId: op.ref }
      : { accountId: op.merchant.accountId, type: "debit" as const, description: op.ref };
  const entry = await db.ledgerEntry.findFirst({ where });
  return entry ? entry.grossCents + entry.feeCents : 0n;
}

/**
 * Gateway requests whose key answered 409 "in progress" are retried until `leaseMs` has passed;
 * a key still in progress then is stuck: the client can neither learn the outcome nor retry safely.
 */
async function awaitLeases(client: Client, pending: Operation[], leaseMs: number, result: AuditResult) {
  const deadline = Date.now() + leaseMs;
  let waiting = pending;
  while (waiting.length > 0 && Date.now() < deadline) {
    await sleep(1_000);
    const answers = await Promise.all(waiting.map((op) => resend(client, op)));
    waiting = waiting.filter((op, i) => {
      const retry = answers[i];
      if (retry === undefined || retry === "lost" || retry.status === 409 || retry.status >= 500) return true;
      learn(op, retry);
      return false;
    });
  }
  for (const op of waiting) {
    const answer = await resend(client, op);
    const detail = `${op.kind} ${op.ref}: retry with its Idempotency-Key still answers ${answer === "lost" ? "nothing" : answer.status} after ${leaseMs} ms`;
    if (answer !== "lost" && answer.status === 409) {
      result.allowed.push({ allows: "stuck-idempotency-key", detail });
      op.stuck = true;
    } else result.problems.push(detail);
  }
}

/** The audit of a stack started by startStack, after its load stopped. */
export function auditStack(
  stack: Pick<Stack, "baseUrl" | "db" | "merchants" | "deliveredIds">,
  ops: Operation[],
  options: { initialCents: bigint; leaseMs: number; settleMs?: number; recurring?: FedCharge[] },
): Promise<AuditResult> {
  const { baseUrl, merchants, deliveredIds } = stack;
  return audit({ client: { baseUrl }, db: stack.db(), ops, merchants, deliveredIds, ...options });
}

export async function audit(input: {
  client: Client;
  db: PrismaClient;
  ops: Operation[];
  merchants: Merchant[];
  initialCents: bigint;
  deliveredIds: () => Set<string>;
  leaseMs: number;
  /** how long the worker may take to settle payouts and deliver events after the load (120 s) */
  settleMs?: number;
  /** the recurring charges fed while the worker was killed (scripts/crash/recurring.ts) */
  recurring?: FedCharge[];
}): Promise<AuditResult> {
  const { client, db, ops, merchants } = input;
  const result: AuditResult = { problems: [], allowed: [], facts: [] };
  const lost = ops.filter((op) => unknown(op.outcome) || (op.kind === "charge" && op.paid !== true && ok(op.outcome)));
  const byKind = new Map<string, number>();
  for (const op of ops) byKind.set(op.kind, (byKind.get(op.kind) ?? 0) + 1);
  const kinds = [...byKind].map(([kind, count]) => `${count} ${kind}`).join(", ");
  result.facts.push(`${ops.length} operations (${kinds}), ${lost.length} with a lost or 5xx answer to resolve`);
  for (let i = 0; i < lost.length; i += 16) {
    await Promise.all(lost.slice(i, i + 16).map((op) => resolve(client, db, op, result)));
  }
  await awaitLeases(
    client,
    lost.filter((op) => op.gateway && unknown(op.outcome)),
    input.leaseMs,
    result,
  );

  // before the worker is awaited: retrying a lost cob PUT may create a cob, whose events must be delivered too
  result.facts.push(await auditApiPix(client, db, ops, result.problems));

  // the worker settles payouts and relays and delivers events: wait for it to catch up
  const settled = async () =>
    (await db.ledgerEntry.count({ where: { status: "processing" } })) === 0 &&
    (await db.outboxEvent.count({ where: { publishedAt: null } })) === 0 &&
    (await db.webhookDelivery.count({ where: { status: "pending" } })) === 0 &&
    (await unsettledRecurring(db)) === 0;
  const settleMs = input.settleMs ?? 120_000;
  const deadline = Date.now() + settleMs;
  while (!(await settled()) && Date.now() < deadline) await sleep(500);
  if (!(await settled()))
    result.problems.push(
      `the worker did not settle payouts, recurring charges and deliver events within ${settleMs / 1000} s`,
    );

  const verify = await verifyLedger(db);
  if (!verify.ok) result.problems.push(`ledger verify: ${JSON.stringify(verify.violations.slice(0, 5))}`);

  const expected = new Map(merchants.map((m) => [m.accountId, input.initialCents]));
  const add = (accountId: string, cents: number) =>
    expected.set(accountId, (expected.get(accountId) ?? 0n) + BigInt(cents));
  if (input.recurring) {
    const credited = await auditRecurring(db, input.recurring, result.problems, result.facts);
    for (const [accountId, cents] of credited) add(accountId, Number(cents));
  }
  for (const op of ops) {
    if (op.kind === "charge") {
      if (op.paid === true) add(op.merchant.accountId, op.amountCents);
      continue;
    }
    // API Pix: no money moves until a cob is paid; auditApiPix checks them
    if (op.kind === "pix-token" || op.kind === "pix-cob") continue;
    if (op.kind === "cpf") {
      const { answered, expected: right } = op.cpfValid ?? {};
      if (ok(op.outcome) && answered !== right)
        result.problems.push(`cpf ${op.ref}: answered ${answered}, not ${right}`);
      continue;
    }
    const effects = await effectsOf(db, op);
    if (op.kind === "replay") {
      // other replays may have sent the same delivery again: only an answered one is checked
      if (ok(op.outcome) && effects !== 1) result.problems.push(`replay ${op.ref}: answered, delivery not replayed`);
      continue;
    }
    if (op.stuck) {
      // the client cannot know: take the effect from the database, at most once
      if (effects > 1) result.problems.push(`${op.kind} ${op.ref}: ${effects} effects behind a stuck key`);
      if (effects === 1) add(op.merchant.accountId, -Number(await debitOf(db, op)));
      continue;
    }
    if (ok(op.outcome) && effects !== 1)
      result.problems.push(`${op.kind} ${op.ref}: answered ${op.outcome}, ${effects} effects`);
    if (!ok(op.outcome) && op.outcome !== "lost" && effects !== 0) {
      result.problems.push(`${op.kind} ${op.ref}: refused with ${op.outcome} yet ${effects} effects`);
    }
    if (!ok(op.outcome)) continue;
    const taken =
      op.kind === "cashout"
        ? op.amountCents + (op.feeCents ?? 0)
        : op.kind === "transfer" || op.kind === "refund"
          ? op.amountCents
          : 0;
    add(op.merchant.accountId, -taken);
    if (op.kind === "transfer" && op.receiver) add(op.receiver.accountId, op.amountCents);
  }
  for (const m of merchants) {
    const account = await db.account.findUniqueOrThrow({ where: { id: m.accountId } });
    const want = expected.get(m.accountId);
    if (account.availableCents !== want || account.heldCents !== 0n) {
      result.problems.push(
        `account ${m.accountId}: available ${account.availableCents} held ${account.heldCents}, expected ${want} and 0`,
      );
    }
  }
  const paidCharges = ops.filter((op) => op.kind === "charge" && op.paid === true);
  for (const op of paidCharges) {
    const charge = await db.charge.findFirst({ where: { accountId: op.merchant.accountId, externalId: op.ref } });
    if (charge?.status !== "paid") result.problems.push(`charge ${op.ref}: answered paid, stored ${charge?.status}`);
  }

  const stuck = await db.idempotencyRecord.findMany({ where: { state: "in_progress" } });
  for (const record of stuck)
    result.allowed.push({ allows: "stuck-idempotency-key", detail: `idempotency key ${record.key} in progress` });

  const twice = await db.$queryRaw<{ e2e: string; n: bigint }[]>`
    SELECT payload->>'endToEndId' AS e2e, count(*) AS n FROM outbox_events
     WHERE topic = 'rail.payment_submitted' GROUP BY 1 HAVING count(*) > 1`;
  for (const row of twice) result.problems.push(`payout ${row.e2e} sent to the rail ${row.n} times`);

  // every committed effect produced its event: a paid charge, a confirmed payout
  const notified = await db.$queryRaw<{ type: string; ref: string }[]>`
    SELECT event_type AS type, COALESCE(payload->'data'->>'external_id', '') AS ref FROM webhook_deliveries
     WHERE event_type IN ('pix.charge.paid', 'pix.payout.confirmed')`;
  const seen = new Set(notified.map((n) => `${n.type} ${n.ref}`));
  for (const op of ops) {
    const type =
      op.kind === "charge" && op.paid === true
        ? "pix.charge.paid"
        : op.kind === "cashout" && ok(op.outcome)
          ? "pix.payout.confirmed"
          : null;
    if (type && !seen.has(`${type} ${op.ref}`)) result.problems.push(`${op.kind} ${op.ref}: no ${type} event`);
  }

  const received = input.deliveredIds();
  const deliveries = await db.webhookDelivery.findMany({
    select: {
      id: true,
      status: true,
      surface: true,
      eventType: true,
      attempts: true,
      lastError: true,
      manualReplay: true,
      createdAt: true,
    },
  });
  const missing = deliveries.filter((d) => d.status !== "delivered" || !received.has(d.id));
  if (missing.length) {
    const which = missing
      .slice(0, 5)
      .map((d) => JSON.stringify({ ...d, receivedByTest: received.has(d.id), createdAt: d.createdAt.toISOString() }));
    result.problems.push(
      `${missing.length} of ${deliveries.length} webhook deliveries never received: ${which.join("; ")}`,
    );
  }
  result.facts.push(
    `${ops.filter((o) => ok(o.outcome)).length} operations took effect; ${paidCharges.length} charges paid; ` +
      `${deliveries.length} webhook deliveries, all received: ${missing.length === 0}; ledger verify ok: ${verify.ok}`,
  );
  return result;
}
