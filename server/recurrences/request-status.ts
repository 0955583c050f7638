/**
 * A consent request's status machine (API Pix `solicrec.status`): created, sent to the payer's
 * institution, received by it, then accepted or rejected by the payer; any open request may expire
 * or be cancelled by the receiver. Every other move is refused.
 */
export const REQUEST_STATUSES = [
  "CRIADA",
  "ENVIADA",
  "RECEBIDA",
  "ACEITA",
  "REJEITADA",
  "EXPIRADA",
  "CANCELADA",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The statuses of a request still waiting for the payer: at most one per recurrence. */
export const OPEN_REQUEST_STATUSES = ["CRIADA", "ENVIADA", "RECEBIDA"] as const satisfies readonly RequestStatus[];

const NEXT: Record<RequestStatus, readonly RequestStatus[]> = {
  CRIADA: ["ENVIADA", "EXPIRADA", "CANCELADA"],
  ENVIADA: ["RECEBIDA", "EXPIRADA", "CANCELADA"],
  RECEBIDA: ["ACEITA", "REJEITADA", "EXPIRADA", "CANCELADA"],
  ACEITA: [],
  REJEITADA: [],
  EXPIRADA: [],
  CANCELADA: [],
};

export function canMoveRequest(from: RequestStatus, to: RequestStatus): boolean {
  return NEXT[from].includes(to);
}

export function isOpenRequest(status: RequestStatus): boolean {
  return (OPEN_REQUEST_STATUSES as readonly string[]).includes(status);
}

export type RequestHistoryEntry = { status: RequestStatus; data: string };
