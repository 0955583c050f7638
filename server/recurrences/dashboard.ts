/**
 * The dashboard's "Assinaturas" reads (docs/decisions/0046-assinaturas-dashboard.md): a merchant's
 * recurrences filtered by status, creation period and a search over debtor, contract and idRec,
 * each with its next charge day; one recurrence with its consent requests; the recurring revenue
 * of the approved ones. Every lookup is the merchant's own.
 */
import { plusDays, todayInSaoPaulo } from "../charges/due-date/calendar";
import type { Tx } from "../db/client";
import type { Prisma, Recurrence } from "../generated/prisma/client";
import type { Periodicity } from "./model";
import { OPEN_REQUEST_STATUSES } from "./request-status";
import { monthlyCents, nextAutoCharge, nextCycleDate } from "./schedule";
import { getRecurrence } from "./service";
import type { RecStatus } from "./status";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Statuses that still charge (APROVADA) or may come to (CRIADA). */
const LIVE: readonly string[] = ["CRIADA", "APROVADA"];

/** The recurrence's next charge day while it is live, or null. */
export function nextChargeOf(recurrence: Recurrence, today = todayInSaoPaulo()): string | null {
  if (!LIVE.includes(recurrence.status)) return null;
  return nextCycleDate(
    {
      start: day(recurrence.startDate),
      end: recurrence.endDate ? day(recurrence.endDate) : null,
      periodicity: recurrence.periodicity as Periodicity,
    },
    today,
  );
}

/**
 * When automatic billing (docs/decisions/0051) creates the live recurrence's next charge not yet
 * among `charges`, and the day it is due; null when it is not billed automatically or has no cycle left.
 */
export function nextAutoChargeOf(recurrence: Recurrence, charges: { cycleStart: Date }[], today = todayInSaoPaulo()) {
  if (!recurrence.autoCharge || !LIVE.includes(recurrence.status)) return null;
  return nextAutoCharge(
    {
      start: day(recurrence.startDate),
      end: recurrence.endDate ? day(recurrence.endDate) : null,
      periodicity: recurrence.periodicity as Periodicity,
    },
    today,
    new Set(charges.map((charge) => day(charge.cycleStart))),
  );
}

export type DashboardRecurrenceFilters = {
  status?: RecStatus;
  /** creation period, São Paulo days inclusive, as instants */
  createdFrom?: Date;
  createdTo?: Date;
  /** part of the debtor's name or contract, the debtor's CPF/CNPJ, or an idRec */
  search?: string;
  page: number;
  limit: number;
};

function searchWhere(search: string | undefined): Prisma.RecurrenceWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const digits = text.replace(/[.\-/\s]/g, "").toUpperCase();
  return {
    OR: [
      { debtorName: { contains: text, mode: "insensitive" } },
      { contract: { contains: text, mode: "insensitive" } },
      ...(/^(\d{11}|[0-9A-Z]{14})$/.test(digits) ? [{ debtorDocument: digits }] : []),
      ...(/^[a-zA-Z0-9]{29}$/.test(text) ? [{ idRec: text }] : []),
    ],
  };
}

/** A page of the merchant's recurrences, newest first. */
export async function listRecurrencesForDashboard(tx: Tx, userId: string, filters: DashboardRecurrenceFilters) {
  const where: Prisma.RecurrenceWhereInput = {
    userId,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.createdFrom || filters.createdTo
      ? {
          createdAt: {
            ...(filters.createdFrom ? { gte: filters.createdFrom } : {}),
            ...(filters.createdTo ? { lte: filters.createdTo } : {}),
          },
        }
      : {}),
    ...searchWhere(filters.search),
  };
  const [recurrences, total] = await Promise.all([
    tx.recurrence.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { idRec: "desc" }],
      skip: (filters.page - 1) * filters.limit,
      take: filters.limit,
    }),
    tx.recurrence.count({ where }),
  ]);
  return { recurrences, total };
}

/**
 * One of the merchant's recurrences (404 for anyone else's) with its consent requests, newest
 * first, and its recurring charges (one per cycle), latest cycle first, each with its attempts.
 */
export async function recurrenceDetail(tx: Tx, userId: string, idRec: string) {
  const recurrence = await getRecurrence(tx, userId, idRec);
  const [requests, charges] = await Promise.all([
    tx.recurrenceRequest.findMany({
      where: { userId, idRec },
      orderBy: [{ createdAt: "desc" }, { idSolicRec: "desc" }],
    }),
    tx.recurringCharge.findMany({
      where: { userId, idRec },
      include: { attempts: { orderBy: { id: "asc" } } },
      orderBy: [{ cycleStart: "desc" }, { createdAt: "desc" }],
      take: CHARGES_SHOWN,
    }),
  ]);
  return { recurrence, requests, charges };
}

/** The detail shows this many of the latest cycles' charges. */
export const CHARGES_SHOWN = 24;

/** The window of the overview's failed attempts, in São Paulo days up to today. */
export const FAILED_ATTEMPTS_DAYS = 30;

/**
 * The approved recurrences still running today: the monthly worth of the fixed-amount ones
 * (`monthlyCents`) and how many have a variable amount (a floor, not a price) and are left out;
 * and the settlement attempts rejected over the last FAILED_ATTEMPTS_DAYS days.
 */
export async function recurringRevenue(tx: Tx, userId: string, now = new Date()) {
  const todayText = todayInSaoPaulo(now);
  const today = new Date(`${todayText}T00:00:00Z`);
  const since = new Date(`${plusDays(todayText, -(FAILED_ATTEMPTS_DAYS - 1))}T00:00:00Z`);
  const [active, failedAttempts] = await Promise.all([
    tx.recurrence.findMany({
      where: { userId, status: "APROVADA", OR: [{ endDate: null }, { endDate: { gte: today } }] },
      select: { amountCents: true, periodicity: true },
    }),
    tx.recurringChargeAttempt.count({
      where: { status: "REJEITADA", charge: { userId }, settlementDate: { gte: since, lte: today } },
    }),
  ]);
  const fixed = active.flatMap((r) =>
    r.amountCents === null ? [] : [{ amountCents: r.amountCents, periodicity: r.periodicity as Periodicity }],
  );
  return {
    monthlyCents: monthlyCents(fixed),
    active: active.length,
    variable: active.length - fixed.length,
    failedAttempts,
  };
}

/** The merchant's consent requests still waiting for the payer, with their recurrence, oldest first. */
export async function openRequests(tx: Tx, userId: string, limit = 20) {
  return tx.recurrenceRequest.findMany({
    where: { userId, status: { in: [...OPEN_REQUEST_STATUSES] }, expiresAt: { gt: new Date() } },
    include: { recurrence: true },
    orderBy: [{ createdAt: "asc" }, { idSolicRec: "asc" }],
    take: limit,
  });
}
