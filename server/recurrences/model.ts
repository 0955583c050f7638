/**
 * What a recurrence is made of, as the service takes it: the door's parsed input in integer
 * centavos and calendar days, and the refusal every door reports in its own words.
 */
import type { CalendarDate } from "../charges/due-date/calendar";
import type { RecStatus } from "./status";

export const PERIODICITIES = ["SEMANAL", "MENSAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Periodicity = (typeof PERIODICITIES)[number];
export const RETRY_POLICIES = ["NAO_PERMITE", "PERMITE_3R_7D"] as const;
export type RetryPolicy = (typeof RETRY_POLICIES)[number];

/** The API Pix `idRec` pattern: 29 alphanumerics. */
export const ID_REC_PATTERN = /^[a-zA-Z0-9]{29}$/;
/** The API Pix `idSolicRec` pattern: 29 alphanumerics. */
export const ID_SOLIC_REC_PATTERN = /^[a-zA-Z0-9]{29}$/;

/** The specification's limits of a recurrence's texts, for the API Pix schema and the dashboard's form alike. */
export const REC_LIMITS = { contract: 35, object: 35, debtorName: 140, agreement: 60 } as const;

/** The payer's account a consent request goes to (`destinatario`): its limits and its institution's ISPB. */
export const RECIPIENT_LIMITS = { account: 20, branch: 4 } as const;
export const ISPB_PATTERN = /^[0-9A-Z]{8}$/;

export type RecurrenceInput = {
  userId: string;
  contract: string;
  object?: string;
  debtor: { document: string; name: string };
  startDate: CalendarDate;
  endDate?: CalendarDate;
  periodicity: Periodicity;
  amountCents?: bigint;
  minimumCents?: bigint;
  retryPolicy: RetryPolicy;
  agreement?: string;
  /** a payload location (locrec) to bind */
  locationId?: bigint;
  journeyTxId?: string;
  /** automatic billing: the worker creates each cycle's charge (a fixed amount only; docs/decisions/0051) */
  autoCharge?: boolean;
};

export type RecurrenceRevision = {
  status?: "CANCELADA";
  debtorName?: string;
  startDate?: CalendarDate;
  locationId?: bigint;
  journeyTxId?: string;
};

export type RecurrenceFilters = {
  inicio: Date;
  fim: Date;
  page: number;
  size: number;
  debtorDocument?: string;
  locationPresent?: boolean;
  status?: RecStatus;
  agreement?: string;
};

/** One broken rule, its property relative to the recurrence (`calendario.dataInicial`). */
export type RecurrenceViolation = { propriedade: string; razao: string };

export class RecurrenceRefused extends Error {
  constructor(readonly violations: RecurrenceViolation[]) {
    super(violations.map((v) => `${v.propriedade}: ${v.razao}`).join("; "));
    this.name = "RecurrenceRefused";
  }
}
