/**
 * Pix Automático in the crash test: recurring charges (cobr) settled by the worker while it is
 * `kill -9`ed. A feeder adds, every few hundred milliseconds, approved recurrences of the
 * merchants with a charge due today (one in four with its payer starved, so its attempt is
 * rejected and the charge stays ATIVA for tomorrow's retry); a clock sends the worker's
 * `recurring-charges.settle` job far more often than its five-minute cron, so the worker is
 * scheduling and running attempts when it is killed. Meanwhile the sandbox clock
 * (`POST /v4/i/sandbox/pix/automatico/recurrences/{idRec}/advance`, in the web process) takes
 * funded recurrences to their next step — the same cycle the worker may be settling, or the next
 * month's — so the web process is killed while settling too. The auditor then checks that no cycle was
 * charged twice, that each CONCLUIDA charge has exactly one credit of its amount and every other
 * none (docs/decisions/0041-pix-automatico-recurring-charges.md).
 */
import { randomBytes } from "node:crypto";
import { PgBoss } from "pg-boss";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import type { PrismaClient } from "../../server/generated/prisma/client";
import { type Client, type Merchant, request } from "./wire";

export type FedCharge = { merchant: Merchant; idRec: string; txId: string; amountCents: number; starved: boolean };

const SETTLE_JOB = "recurring-charges.settle";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CPF = "52998224725";

/** One approved monthly recurrence of `m` starting today, with its first cycle's charge due today. */
async function feedOne(m: Merchant, starved: boolean): Promise<FedCharge> {
  const { db } = await import("../../server/db/client");
  const { createRecurrence, settleRecurrence } = await import("../../server/recurrences/service");
  const { createRecurringCharge } = await import("../../server/recurrences/charges/service");
  const { setPayerFailure } = await import("../../server/recurrences/charges/payer");
  const { noonOf } = await import("../../server/recurrences/charges/sandbox");
  const today = todayInSaoPaulo();
  const amountCents = 500 + Math.floor(Math.random() * 9_500);
  const rec = await createRecurrence(db(), {
    userId: m.userId,
    contract: `crash-${randomBytes(4).toString("hex")}`,
    debtor: { document: CPF, name: "Pagadora Crash" },
    startDate: today,
    periodicity: "MENSAL",
    amountCents: BigInt(amountCents),
    retryPolicy: "PERMITE_3R_7D",
  });
  await db().$transaction((tx) => settleRecurrence(tx, m.userId, rec.idRec, { to: "APROVADA", journey: "JORNADA_2" }));
  if (starved) await db().$transaction((tx) => setPayerFailure(tx, m.userId, rec.idRec, "AM02"));
  // sent five days before it is due (the window is 2 to 10 days), so it is due today
  const charge = await db().$transaction((tx) =>
    createRecurringCharge(
      tx,
      {
        userId: m.userId,
        idRec: rec.idRec,
        dueDate: today,
        amountCents: BigInt(amountCents),
        adjustBusinessDay: false,
        receiver: { account: m.accountId, accountType: "PAGAMENTO" },
      },
      noonOf(plusDays(today, -5)),
    ),
  );
  return { merchant: m, idRec: rec.idRec, txId: charge.txId, amountCents, starved };
}

/**
 * Feeds recurring charges and ticks the settlement job until `stop()`; `stopFeeding()` ends the
 * feed only (the clock keeps ticking while the auditor waits for the worker).
 */
export async function runRecurring(
  client: Client,
  databaseUrl: string,
  merchants: Merchant[],
  log: (m: string) => void,
) {
  const fed: FedCharge[] = [];
  const answers = new Map<string, number>();
  let feeding = true;
  let ticking = true;
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 2 });
  boss.on("error", () => {});
  await boss.start();
  await boss.createQueue(SETTLE_JOB);
  const feeder = (async () => {
    for (let i = 0; feeding; i++) {
      const merchant = merchants[i % merchants.length] as Merchant;
      try {
        fed.push(await feedOne(merchant, i % 4 === 3));
      } catch (error) {
        log(`recurring feed ${i}: ${(error as Error).message}`);
      }
      await sleep(150);
    }
  })();
  const clock = (async () => {
    while (ticking) {
      await boss.send(SETTLE_JOB, {}).catch(() => {});
      await sleep(400);
    }
  })();
  // a starved payer's charge is left to the worker: the auditor expects its one rejected attempt
  const advancer = (async () => {
    while (feeding) {
      const funded = fed.filter((f) => !f.starved);
      const f = funded[Math.floor(Math.random() * funded.length)];
      const path = `/v4/i/sandbox/pix/automatico/recurrences/${f?.idRec}/advance`;
      const answer = f
        ? await request(client, "POST", path, { auth: f.merchant.basic, body: { createCharge: true } })
        : "lost";
      const key = answer === "lost" ? "lost" : String(answer.status);
      if (f) answers.set(key, (answers.get(key) ?? 0) + 1);
      await sleep(answer === "lost" ? 500 : 200);
    }
  })();
  return {
    fed,
    /** the sandbox clock's answers by status */
    advanced: () => [...answers].map(([status, n]) => `${n} ${status}`).join(", "),
    stopFeeding: async () => {
      feeding = false;
      await Promise.all([feeder, advancer]);
    },
    stop: async () => {
      feeding = false;
      ticking = false;
      await Promise.all([feeder, advancer, clock]);
      await boss.stop({ graceful: false, timeout: 1_000 }).catch(() => {});
    },
  };
}

/** How many fed charges are still waiting for the worker (CRIADA, or an attempt due today not run). */
export async function unsettledRecurring(db: PrismaClient): Promise<number> {
  const rows = await db.$queryRaw<{ n: bigint }[]>`
    SELECT (SELECT count(*) FROM recurring_charges WHERE status = 'CRIADA')
         + (SELECT count(*) FROM recurring_charge_attempts
             WHERE status = 'AGENDADA' AND settlement_date <= ${todayInSaoPaulo()}::date) AS n`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * The auditor's part for Pix Automático: at most one PAGA attempt per recurrence and cycle, one
 * credit (of its amount, under its txid) per CONCLUIDA charge and none for any other, each funded
 * charge CONCLUIDA and each starved one ATIVA with its attempt REJEITADA. Answers the cents each
 * merchant was credited, for the balance check.
 */
export async function auditRecurring(db: PrismaClient, fed: FedCharge[], problems: string[], facts: string[]) {
  const credited = new Map<string, bigint>();
  const twice = await db.$queryRaw<{ id_rec: string; cycle: string; n: bigint }[]>`
    SELECT c.id_rec, c.cycle_start::text AS cycle, count(*) AS n
      FROM recurring_charge_attempts a JOIN recurring_charges c ON c.tx_id = a.tx_id
     WHERE a.status = 'PAGA' GROUP BY 1, 2 HAVING count(*) > 1`;
  for (const row of twice) problems.push(`rec ${row.id_rec} cycle ${row.cycle}: ${row.n} PAGA attempts`);
  const charges = await db.recurringCharge.findMany({ include: { attempts: { orderBy: { id: "asc" } } } });
  const byTxId = new Map(charges.map((c) => [c.txId, c]));
  const credits = await db.ledgerEntry.groupBy({
    by: ["entryRef"],
    where: { reason: "pix_in:credited", entryRef: { in: charges.map((c) => c.txId) } },
    _count: true,
    _sum: { grossCents: true },
  });
  const creditOf = new Map(credits.map((c) => [c.entryRef as string, c]));
  for (const charge of charges) {
    const credit = creditOf.get(charge.txId);
    const count = credit?._count ?? 0;
    if (charge.status === "CONCLUIDA") {
      if (count !== 1) problems.push(`cobr ${charge.txId}: CONCLUIDA with ${count} credits`);
      else if (credit?._sum.grossCents !== charge.amountCents)
        problems.push(`cobr ${charge.txId}: credited ${credit?._sum.grossCents}, charged ${charge.amountCents}`);
      const paid = charge.attempts.filter((a) => a.status === "PAGA");
      if (paid.length !== 1 || paid[0]?.endToEndId !== charge.paidEndToEndId)
        problems.push(`cobr ${charge.txId}: CONCLUIDA with ${paid.length} PAGA attempts`);
      credited.set(charge.accountId, (credited.get(charge.accountId) ?? 0n) + charge.amountCents);
    } else if (count !== 0) problems.push(`cobr ${charge.txId}: ${charge.status} yet ${count} credits`);
  }
  for (const f of fed) {
    const charge = byTxId.get(f.txId);
    const want = f.starved ? "ATIVA" : "CONCLUIDA";
    if (charge?.status !== want)
      problems.push(`cobr ${f.txId} (starved: ${f.starved}): ${charge?.status}, not ${want}`);
    if (f.starved && charge?.attempts.map((a) => a.status).join() !== "REJEITADA")
      problems.push(`cobr ${f.txId}: starved, attempts ${charge?.attempts.map((a) => a.status).join()}`);
  }
  const concluded = charges.filter((c) => c.status === "CONCLUIDA").length;
  facts.push(
    `Pix Automático: ${fed.length} recurring charges due today (${fed.filter((f) => f.starved).length} starved), ` +
      `${concluded} CONCLUIDA with one credit each`,
  );
  return credited;
}
