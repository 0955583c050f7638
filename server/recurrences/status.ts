/**
 * A recurrence's status machine (API Pix `rec.status`): created, then approved, rejected or
 * expired by the payer's side, or cancelled by either side; an approved one can still be
 * cancelled. Every other move is refused.
 */
export const REC_STATUSES = ["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"] as const;
export type RecStatus = (typeof REC_STATUSES)[number];

const NEXT: Record<RecStatus, readonly RecStatus[]> = {
  CRIADA: ["APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"],
  APROVADA: ["CANCELADA"],
  REJEITADA: [],
  EXPIRADA: [],
  CANCELADA: [],
};

export function canMove(from: RecStatus, to: RecStatus): boolean {
  return NEXT[from].includes(to);
}

/** Ended: nothing about it can change any more. */
export function isFinal(status: RecStatus): boolean {
  return NEXT[status].length === 0;
}

/** Who ended a recurrence by cancelling it, and the catalogue's codes (`encerramento`). */
export const CANCEL_REQUESTERS = ["PSP_PAGADOR", "USUARIO_PAGADOR", "PSP_RECEBEDOR", "USUARIO_RECEBEDOR"] as const;
export type CancelRequester = (typeof CANCEL_REQUESTERS)[number];
export const CANCEL_CODES = ["ACCL", "CPCL", "DCSD", "ERSL", "FRUD", "PCFD", "SLCR", "SLDB"] as const;
export type CancelCode = (typeof CANCEL_CODES)[number];
export const REJECT_CODES = ["AP13", "AP14"] as const;
export type RejectCode = (typeof REJECT_CODES)[number];

export type Closure =
  | { rejeicao: { codigo: RejectCode; descricao: string } }
  | { cancelamento: { solicitante: CancelRequester; codigo: CancelCode; descricao: string } };

export type HistoryEntry = { status: RecStatus; data: string };
