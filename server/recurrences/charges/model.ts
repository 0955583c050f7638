/**
 * What a recurring charge is made of, as the service takes it: the door's parsed input in integer
 * centavos and calendar days. Refusals are the recurrences' `RecurrenceRefused`, with properties
 * relative to the charge (`calendario.dataDeVencimento`).
 */
import type { CalendarDate } from "../../charges/due-date/calendar";
import type { RecurringCharge, RecurringChargeAttempt } from "../../generated/prisma/client";
import type { CobrStatus } from "./status";

/** `devedor` of a recurring charge: where to reach the debtor; the recurrence names who it is. */
export type ChargeDebtor = { email?: string; logradouro?: string; cidade?: string; uf?: string; cep?: string };

/** `recebedor`: the merchant's account the charge credits. */
export type ChargeReceiver = { account: string; agency?: string; accountType: "CORRENTE" | "POUPANCA" | "PAGAMENTO" };

export type RecurringChargeInput = {
  userId: string;
  /** PUT /cobr/{txid}: the merchant's txid; POST /cobr: none, one is made */
  txId?: string;
  idRec: string;
  dueDate: CalendarDate;
  amountCents: bigint;
  /** `ajusteDiaUtil`: settle on the next business day when the due date is not one */
  adjustBusinessDay: boolean;
  info?: string;
  debtor?: ChargeDebtor;
  receiver: ChargeReceiver;
};

export type RecurringChargeFilters = {
  inicio: Date;
  fim: Date;
  page: number;
  size: number;
  idRec?: string;
  debtorDocument?: string;
  status?: CobrStatus;
  agreement?: string;
};

/** A charge with its attempts, oldest first: what every answer shows. */
export type ChargeWithAttempts = RecurringCharge & { attempts: RecurringChargeAttempt[] };

/** Every attempt of a charge, the first included, falls within this many days of its first settlement day. */
export const RETRY_WINDOW_DAYS = 7;
/** Retries a charge may have after its first attempt (PERMITE_3R_7D). */
export const MAX_RETRIES = 3;
/** A charge reaches the payer's institution from 10 to 2 days before it is due. */
export const EARLIEST_DAYS_BEFORE_DUE = 10;
export const LATEST_DAYS_BEFORE_DUE = 2;
