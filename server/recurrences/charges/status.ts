/**
 * A recurring charge's status machine (API Pix `cobr.status`) and its attempts' (`tentativas`):
 * created, active once the payer's institution has scheduled its first attempt, then paid
 * (CONCLUIDA), out of chances (EXPIRADA), rejected or cancelled. Every other move is refused.
 */
export const COBR_STATUSES = ["CRIADA", "ATIVA", "CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"] as const;
export type CobrStatus = (typeof COBR_STATUSES)[number];

const NEXT: Record<CobrStatus, readonly CobrStatus[]> = {
  CRIADA: ["ATIVA", "REJEITADA", "CANCELADA"],
  ATIVA: ["CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"],
  CONCLUIDA: [],
  EXPIRADA: [],
  REJEITADA: [],
  CANCELADA: [],
};

export function canMove(from: CobrStatus, to: CobrStatus): boolean {
  return NEXT[from].includes(to);
}

/** Ended: nothing about it can change any more. */
export function isFinal(status: CobrStatus): boolean {
  return NEXT[status].length === 0;
}

/** Still counts for its cycle: only a rejected or cancelled charge frees the cycle for another. */
export const CYCLE_FREEING: readonly CobrStatus[] = ["REJEITADA", "CANCELADA"];

/** AGND: the first, scheduled attempt; NTAG: a new scheduling; RIFL: a retry after a failure. */
export const ATTEMPT_KINDS = ["AGND", "NTAG", "RIFL"] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

export const ATTEMPT_STATUSES = ["SOLICITADA", "AGENDADA", "PAGA", "CANCELADA", "REJEITADA", "EXPIRADA"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
/** An attempt not yet settled: the one a charge may have at a time. */
export const OPEN_ATTEMPT: readonly AttemptStatus[] = ["SOLICITADA", "AGENDADA"];

/** The catalogue's rejection codes of an attempt (and of the charge it ends). */
export const COBR_REJECT_CODES = [
  "AB10",
  "AC05",
  "AC06",
  "AM02",
  "AM09",
  "DENC",
  "DS27",
  "DTED",
  "DTNT",
  "FBRD",
  "IRNT",
  "MIDI",
  "MSUC",
  "NIEC",
  "NIPA",
  "NITX",
  "QUNT",
  "RC09",
  "UDEI",
] as const;
export type CobrRejectCode = (typeof COBR_REJECT_CODES)[number];

/** The codes whose attempt rejection rejects the charge itself: no retry can follow them. */
const CHARGE_ENDING: ReadonlySet<CobrRejectCode> = new Set([
  "AC05",
  "AM09",
  "DENC",
  "DS27",
  "DTED",
  "MIDI",
  "MSUC",
  "NITX",
  "RC09",
]);

export function endsCharge(code: CobrRejectCode): boolean {
  return CHARGE_ENDING.has(code);
}

export const COBR_CANCEL_REQUESTERS = ["PSP_PAGADOR", "USUARIO_PAGADOR", "PSP_RECEBEDOR", "USUARIO_RECEBEDOR"] as const;
export type CobrCancelRequester = (typeof COBR_CANCEL_REQUESTERS)[number];
export const COBR_CANCEL_CODES = ["ACCT", "BLCK", "CCLD", "FAIL", "OTHR", "SLBD", "SLCR"] as const;
export type CobrCancelCode = (typeof COBR_CANCEL_CODES)[number];

export type Rejection = { codigo: CobrRejectCode; descricao: string };
export type CobrClosure =
  | { rejeicao: Rejection }
  | { cancelamento: { solicitante: CobrCancelRequester; codigo: CobrCancelCode; descricao: string } };

export type CobrHistoryEntry = { status: CobrStatus; data: string };
export type AttemptHistoryEntry = { status: AttemptStatus; data: string };
