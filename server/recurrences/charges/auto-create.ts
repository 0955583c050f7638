/**
 * Automatic billing (docs/decisions/0051): for every approved recurrence with `autoCharge`, the
 * worker creates the next cycle's recurring charge (cobr) once it is due within
 * AUTO_CHARGE_LEAD_DAYS — the merchant's system does it through API Pix otherwise. Pages of
 * AUTO_BATCH recurrences, each page's charges one `createRecurringCharges` transaction, so ten
 * thousand recurrences are a few transactions.
 *
 * Idempotent: a cycle that has had a charge (of any status: one the merchant or the payer ended is
 * not billed again) is skipped, and a concurrent run's charge of the same cycle is refused by the
 * partial unique index per item (CYCLE_TAKEN), the rest of the batch stored.
 */
import { type CalendarDate, plusDays, todayInSaoPaulo } from "../../charges/due-date/calendar";
import { dateColumn, dateText } from "../../charges/due-date/record";
import type { Db } from "../../db/client";
import type { Recurrence } from "../../generated/prisma/client";
import { logger } from "../../logger";
import { type Periodicity, RecurrenceRefused } from "../model";
import { AUTO_CHARGE_LEAD_DAYS, nextAutoCharge } from "../schedule";
import { createRecurringCharges } from "./create-batch";
import { LATEST_DAYS_BEFORE_DUE } from "./model";
import { CYCLE_TAKEN } from "./service";

export const AUTO_BATCH = 500;
const BATCH_TIMEOUT_MS = 60_000;

/** What a pass did: charges created, cycles a concurrent run took first, and other refusals. */
export type AutoChargeReport = { created: number; taken: number; refused: number };

/** The next cycle due within the lead days, when no charge of it exists yet. */
function dueCycle(rec: Recurrence, today: CalendarDate): CalendarDate | null {
  const schedule = {
    start: dateText(rec.startDate),
    end: rec.endDate ? dateText(rec.endDate) : null,
    periodicity: rec.periodicity as Periodicity,
  };
  const next = nextAutoCharge(schedule, today);
  return next !== null && next.createOn === today ? next.dueDate : null;
}

/** Creates the due cycles' charges of one page of recurrences. */
async function createPage(db: Db, recs: Recurrence[], today: CalendarDate, now: Date): Promise<AutoChargeReport> {
  const report: AutoChargeReport = { created: 0, taken: 0, refused: 0 };
  const due = new Map<string, CalendarDate>();
  for (const rec of recs) {
    const cycle = dueCycle(rec, today);
    if (cycle !== null) due.set(rec.idRec, cycle);
  }
  if (due.size === 0) return report;
  const charged = await db.recurringCharge.findMany({
    where: { idRec: { in: [...due.keys()] }, cycleStart: { in: [...new Set(due.values())].map(dateColumn) } },
    select: { idRec: true, cycleStart: true },
  });
  for (const row of charged) if (due.get(row.idRec) === dateText(row.cycleStart)) due.delete(row.idRec);
  const byUser = new Map<string, Recurrence[]>();
  for (const rec of recs) {
    if (!due.has(rec.idRec)) continue;
    const owned = byUser.get(rec.userId);
    if (owned) owned.push(rec);
    else byUser.set(rec.userId, [rec]);
  }
  await db.$transaction(
    async (tx) => {
      for (const [userId, owned] of byUser) {
        const items = owned.map((rec) => ({
          idRec: rec.idRec,
          dueDate: due.get(rec.idRec) as CalendarDate,
          amountCents: rec.amountCents as bigint,
          adjustBusinessDay: true,
          receiver: { account: rec.accountId, accountType: "PAGAMENTO" as const },
        }));
        const outcomes = await createRecurringCharges(tx, userId, items, now);
        outcomes.forEach((outcome, i) => {
          if (!(outcome instanceof RecurrenceRefused)) report.created += 1;
          else if (outcome.violations.every((v) => v === CYCLE_TAKEN)) report.taken += 1;
          else {
            report.refused += 1;
            logger().warn({ idRec: items[i]?.idRec, violations: outcome.violations }, "automatic charge refused");
          }
        });
      }
    },
    { timeout: BATCH_TIMEOUT_MS },
  );
  return report;
}

/**
 * One pass of automatic billing at `now` (the worker's clock; tests pass theirs), over every
 * auto-charged recurrence or only `idRecs`.
 */
export async function createDueAutoCharges(
  db: Db,
  now = new Date(),
  idRecs?: readonly string[],
): Promise<AutoChargeReport> {
  const today = todayInSaoPaulo(now);
  const report: AutoChargeReport = { created: 0, taken: 0, refused: 0 };
  let after = "";
  for (;;) {
    const recs = await db.recurrence.findMany({
      where: {
        autoCharge: true,
        status: "APROVADA",
        amountCents: { not: null },
        idRec: { gt: after, ...(idRecs ? { in: [...idRecs] } : {}) },
        startDate: { lte: dateColumn(plusDays(today, AUTO_CHARGE_LEAD_DAYS)) },
        OR: [{ endDate: null }, { endDate: { gte: dateColumn(plusDays(today, LATEST_DAYS_BEFORE_DUE)) } }],
      },
      orderBy: { idRec: "asc" },
      take: AUTO_BATCH,
    });
    const page = await createPage(db, recs, today, now);
    report.created += page.created;
    report.taken += page.taken;
    report.refused += page.refused;
    if (recs.length < AUTO_BATCH) return report;
    after = (recs.at(-1) as Recurrence).idRec;
  }
}
