/**
 * A charge's status as the Central Bank's API Pix names a `cob`'s (docs/decisions/0028-api-pix-cob.md):
 * the registry status, not whether it can still be paid — a charge past its expiry keeps ATIVA
 * until the expiry job removes it (REMOVIDA_PELO_PSP).
 */
import type { ChargeStatus } from "./schema";

export const COB_STATUSES = ["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"] as const;
export type CobStatus = (typeof COB_STATUSES)[number];

const COB_STATUS_OF: Record<ChargeStatus, CobStatus> = {
  created: "ATIVA",
  paid: "CONCLUIDA",
  cancelled: "REMOVIDA_PELO_USUARIO_RECEBEDOR",
  expired: "REMOVIDA_PELO_PSP",
};

export function cobStatusOf(status: ChargeStatus): CobStatus {
  return COB_STATUS_OF[status];
}

/** The charge status a cob status names, or null for a word that is none of them. */
export function chargeStatusOf(status: string): ChargeStatus | null {
  const found = Object.entries(COB_STATUS_OF).find(([, cob]) => cob === status);
  return found ? (found[0] as ChargeStatus) : null;
}

/** The location types of the API Pix (`tipoCob`). */
export const LOCATION_TYPES = ["cob", "cobv"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
