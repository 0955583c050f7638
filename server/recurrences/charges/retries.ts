/**
 * Retries of a recurring charge (`politicaRetentativa` PERMITE_3R_7D): up to three after the first
 * attempt, every one settling within seven days of the first settlement day. The merchant asks one
 * for a day (POST /cobr/{txid}/retentativa/{data}); when it asks none, the settlement job retries
 * on the next day by itself (settlement.ts).
 */
import { type CalendarDate, plusDays, todayInSaoPaulo } from "../../charges/due-date/calendar";
import { dateText } from "../../charges/due-date/record";
import type { Tx } from "../../db/client";
import { Prisma, type RecurringChargeAttempt } from "../../generated/prisma/client";
import { RecurrenceRefused, type RecurrenceViolation } from "../model";
import { addAttempt, announce, firstSettlementDate, withAttempts } from "./lifecycle";
import { type ChargeWithAttempts, MAX_RETRIES, RETRY_WINDOW_DAYS } from "./model";
import { getRecurringCharge } from "./service";
import { type AttemptStatus, OPEN_ATTEMPT } from "./status";

/** The last day any attempt of the charge may settle on. */
export function lastRetryDay(charge: Parameters<typeof firstSettlementDate>[0]): CalendarDate {
  return plusDays(firstSettlementDate(charge), RETRY_WINDOW_DAYS);
}

const retriesOf = (attempts: Pick<RecurringChargeAttempt, "kind">[]) =>
  attempts.filter((attempt) => attempt.kind !== "AGND").length;

/** Whether a failed charge may still be retried on `day` (policy, count and window). */
export function mayRetryOn(charge: ChargeWithAttempts, retryPolicy: string, day: CalendarDate): boolean {
  return retryPolicy === "PERMITE_3R_7D" && retriesOf(charge.attempts) < MAX_RETRIES && day <= lastRetryDay(charge);
}

/** Why the merchant may not ask a retry of this charge on `day`; empty when it may. */
export function retryViolations(
  charge: ChargeWithAttempts,
  retryPolicy: string,
  day: CalendarDate,
  today: CalendarDate,
): RecurrenceViolation[] {
  if (retryPolicy !== "PERMITE_3R_7D") {
    return [
      {
        propriedade: "politicaRetentativa",
        razao: "A política configurada na recorrência não permite retentativa de cobrança.",
      },
    ];
  }
  const open = charge.attempts.some((attempt) => OPEN_ATTEMPT.includes(attempt.status as AttemptStatus));
  return [
    ...(charge.status !== "ATIVA"
      ? [{ propriedade: "status", razao: `A cobrança está ${charge.status}: só uma ATIVA é retentada.` }]
      : []),
    ...(open ? [{ propriedade: "tentativas", razao: "Existe uma tentativa com status SOLICITADA ou AGENDADA." }] : []),
    ...(charge.attempts.some((attempt) => dateText(attempt.settlementDate) === day)
      ? [{ propriedade: "data", razao: "Existe uma tentativa vigente para a data informada." }]
      : []),
    ...(day <= today ? [{ propriedade: "data", razao: "O parâmetro data não corresponde a uma data futura." }] : []),
    ...(day > lastRetryDay(charge)
      ? [
          {
            propriedade: "data",
            razao: `A retentativa deve liquidar em até ${RETRY_WINDOW_DAYS} dias da primeira tentativa.`,
          },
        ]
      : []),
    ...(retriesOf(charge.attempts) >= MAX_RETRIES
      ? [{ propriedade: "tentativas", razao: `A cobrança já teve ${MAX_RETRIES} retentativas.` }]
      : []),
  ];
}

/** POST /cobr/{txid}/retentativa/{data}: the merchant asks a retry of a failed charge on a future day. */
export async function requestRetry(
  tx: Tx,
  userId: string,
  txId: string,
  day: CalendarDate,
  now = new Date(),
): Promise<ChargeWithAttempts> {
  const charge = await getRecurringCharge(tx, userId, txId);
  const rec = await tx.recurrence.findUniqueOrThrow({ where: { idRec: charge.idRec } });
  const violations = retryViolations(charge, rec.retryPolicy, day, todayInSaoPaulo(now));
  if (violations.length) throw new RecurrenceRefused(violations);
  try {
    await addAttempt(tx, charge, "RIFL", day, now);
  } catch (error) {
    // a concurrent request (or the job's automatic retry) opened one first
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new RecurrenceRefused([{ propriedade: "tentativas", razao: "Existe uma tentativa em andamento." }]);
    }
    throw error;
  }
  await announce(tx, charge, "ATIVA");
  return withAttempts(tx, txId);
}
