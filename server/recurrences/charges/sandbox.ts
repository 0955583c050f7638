/**
 * Sandbox-only: the payer's side and the clock of Pix Automático's recurring charges, so that a
 * developer (or a test) runs a year of cycles at once. `advanceRecurrence` takes a recurrence to
 * the next thing that happens to it: the live charge's next attempt (or the automatic retry after
 * a failure), else the next cycle's charge — made by the sandbox when asked, since a merchant's
 * automation makes its own with PUT/POST /cobr. Each step runs at the day it belongs to (noon in
 * São Paulo) through the same settlement the worker runs.
 */
import { type CalendarDate, plusDays } from "../../charges/due-date/calendar";
import { dateText } from "../../charges/due-date/record";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type Periodicity, RecurrenceRefused } from "../model";
import { getRecurrence, settleRecurrence } from "../service";
import { cycleIndexOf, cycleStart } from "./cycles";
import { firstSettlementDate, withAttempts } from "./lifecycle";
import type { ChargeWithAttempts } from "./model";
import { cancelCharge, createRecurringCharge } from "./service";
import { settleRecurringCharges } from "./settlement";
import { type AttemptStatus, OPEN_ATTEMPT } from "./status";

/** Noon in São Paulo on a day: the instant a simulated day's steps run at. */
export const noonOf = (day: CalendarDate) => new Date(`${day}T15:00:00Z`);

const LIVE = ["CRIADA", "ATIVA"];

/** The payer cancels the recurrence: it and its live charges end, as the payer asked. */
export async function payerCancelsRecurrence(db: Db, userId: string, idRec: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const rec = await settleRecurrence(
      tx,
      userId,
      idRec,
      { to: "CANCELADA", solicitante: "USUARIO_PAGADOR", codigo: "SLDB", descricao: "Cancelada pelo usuário pagador." },
      now,
    );
    const live = await tx.recurringCharge.findMany({ where: { idRec, status: { in: LIVE } }, select: { txId: true } });
    for (const { txId } of live) {
      await cancelCharge(
        tx,
        await withAttempts(tx, txId),
        {
          solicitante: "USUARIO_PAGADOR",
          codigo: "SLBD",
          descricao: "A recorrência foi cancelada pelo usuário pagador.",
        },
        now,
      );
    }
    return rec;
  });
}

/** The day a live charge's next step happens: its open attempt's, else the day after its last failed one. */
function nextStepDay(charge: ChargeWithAttempts): CalendarDate {
  if (charge.status === "CRIADA") return firstSettlementDate(charge);
  const open = charge.attempts.find((attempt) => OPEN_ATTEMPT.includes(attempt.status as AttemptStatus));
  if (open) return dateText(open.settlementDate);
  const last = charge.attempts.at(-1);
  return last ? plusDays(dateText(last.settlementDate), 1) : firstSettlementDate(charge);
}

export type AdvanceOptions = { createCharge?: boolean };

/**
 * Runs the recurrence's next step and answers the charge it concerned. Refused (409) when the
 * recurrence is not approved, has no further cycle, or has no charge for it and none was asked for.
 */
export async function advanceRecurrence(
  db: Db,
  userId: string,
  idRec: string,
  options: AdvanceOptions = {},
): Promise<ChargeWithAttempts> {
  const rec = await getRecurrence(db, userId, idRec);
  if (rec.status !== "APROVADA") {
    throw new AppError("CONFLICT", `the recurrence is ${rec.status}: only an approved one is charged`, "idRec");
  }
  let charge: ChargeWithAttempts | null = await db.recurringCharge.findFirst({
    where: { idRec, status: { in: LIVE } },
    orderBy: { cycleStart: "asc" },
    include: { attempts: { orderBy: { id: "asc" } } },
  });
  if (!charge) {
    const latest = await db.recurringCharge.findFirst({ where: { idRec }, orderBy: { cycleStart: "desc" } });
    const periodicity = rec.periodicity as Periodicity;
    const start = dateText(rec.startDate);
    const k = latest ? cycleIndexOf(start, periodicity, dateText(latest.cycleStart)) + 1 : 0;
    const due = cycleStart(start, periodicity, k);
    if (rec.endDate && due > dateText(rec.endDate)) {
      throw new AppError("CONFLICT", "the recurrence has no further cycle", "idRec");
    }
    if (!options.createCharge) {
      throw new AppError(
        "CONFLICT",
        `no charge for the cycle of ${due}: create it (PUT/POST /cobr) or ask createCharge`,
        "idRec",
      );
    }
    const amountCents = rec.amountCents ?? rec.minimumCents;
    if (amountCents === null) throw new AppError("CONFLICT", "the recurrence names no amount to charge", "idRec");
    try {
      charge = await createRecurringCharge(
        db,
        {
          userId,
          idRec,
          dueDate: due,
          amountCents,
          adjustBusinessDay: true,
          receiver: { account: rec.accountId, accountType: "PAGAMENTO" },
        },
        // sent five days before it is due, on the sandbox's clock
        noonOf(plusDays(due, -5)),
      );
    } catch (error) {
      if (error instanceof RecurrenceRefused) throw new AppError("CONFLICT", error.message, "idRec");
      throw error;
    }
  }
  await settleRecurringCharges(db, noonOf(nextStepDay(charge)), idRec);
  return withAttempts(db, charge.txId);
}
