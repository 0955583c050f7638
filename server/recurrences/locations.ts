/**
 * Recurrence payload locations (API Pix `locrec`, docs/decisions/0042): the URL a recurrence's QR
 * carries (field 80 of the BR Code), a row of its own so it exists before its recurrence, can be
 * listed and unlinked. It serves at most one recurrence; unlinked, its URL answers 410 until
 * another recurrence binds it.
 */
import { randomUUID } from "node:crypto";
import { LOCATION_PATH } from "../charges/ids";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { notFound } from "../errors";
import type { Prisma, Recurrence, RecurrenceLocation } from "../generated/prisma/client";
import { RecurrenceRefused } from "./model";

/** `{host}/pix/qr/v2/rec/{token}`: the URL without scheme, as a BR Code and the API Pix write it. */
export function recurrenceLocationUrl(token: string, appUrl = config().APP_URL): string {
  return `${new URL(appUrl).host}${LOCATION_PATH}/rec/${token}`;
}

/** The token of a recurrence location URL of this service (as a QR carries it), else null. */
export function ownRecurrenceToken(url: string, appUrl = config().APP_URL): string | null {
  const prefix = `${new URL(appUrl).host}${LOCATION_PATH}/rec/`.toLowerCase();
  if (!url.toLowerCase().startsWith(prefix)) return null;
  const token = url.slice(prefix.length);
  return /^[0-9a-f-]{36}$/i.test(token) ? token.toLowerCase() : null;
}

export async function createRecurrenceLocation(db: Db | Tx, userId: string, now = new Date()) {
  return db.recurrenceLocation.create({ data: { userId, token: randomUUID(), createdAt: now } });
}

const LOCATION_ID = /^[0-9]{1,18}$/;

/** The caller's location; 404 when the id is unknown, malformed or someone else's. */
export async function getRecurrenceLocation(tx: Tx, userId: string, id: string): Promise<RecurrenceLocation> {
  const found = LOCATION_ID.test(id) ? await tx.recurrenceLocation.findUnique({ where: { id: BigInt(id) } }) : null;
  if (!found || found.userId !== userId) throw notFound("recurrence location not found");
  return found;
}

async function lockLocation(tx: Tx, id: bigint) {
  await tx.$queryRaw`SELECT id FROM recurrence_locations WHERE id = ${id} FOR UPDATE`;
}

/**
 * Binds the caller's location `id` to the recurrence `idRec` (in the caller's transaction), freeing
 * the one it had: refused (a violation of `loc`) when it does not exist or serves another recurrence.
 */
export async function bindRecurrenceLocation(tx: Tx, userId: string, id: bigint, idRec: string) {
  await lockLocation(tx, id);
  const location = await tx.recurrenceLocation.findUnique({ where: { id } });
  if (!location || location.userId !== userId) {
    throw new RecurrenceRefused([{ propriedade: "loc", razao: "A location indicada em loc não existe." }]);
  }
  if (location.idRec && location.idRec !== idRec) {
    throw new RecurrenceRefused([{ propriedade: "loc", razao: "A location indicada já serve outra recorrência." }]);
  }
  if (location.idRec === idRec) return location;
  await tx.recurrenceLocation.updateMany({
    where: { idRec, NOT: { id } },
    data: { idRec: null, releasedAt: new Date() },
  });
  return tx.recurrenceLocation.update({ where: { id }, data: { idRec, releasedAt: null } });
}

/** DELETE /locrec/{id}/idRec: the recurrence it served keeps its status but no longer has a location. */
export async function unlinkRecurrenceLocation(db: Db | Tx, userId: string, id: string, now = new Date()) {
  return inTransaction(db, async (tx) => {
    const location = await getRecurrenceLocation(tx, userId, id);
    await lockLocation(tx, location.id);
    const current = await tx.recurrenceLocation.findUniqueOrThrow({ where: { id: location.id } });
    if (!current.idRec) return current;
    return tx.recurrenceLocation.update({ where: { id: current.id }, data: { idRec: null, releasedAt: now } });
  });
}

/** The location a recurrence is bound to, if any. */
export function locationOfRecurrence(tx: Tx, idRec: string) {
  return tx.recurrenceLocation.findUnique({ where: { idRec } });
}

/** Beyond any real list: a page this far answers empty (the query layer takes a 32-bit offset). */
const MAX_SKIP = 2_000_000_000;

export type RecurrenceLocationFilters = {
  inicio: Date;
  fim: Date;
  idRecPresente?: boolean | undefined;
  /** only locations serving a recurrence with this `recebedor.convenio` */
  agreement?: string | undefined;
  page: number;
  size: number;
};

/** A page (0-based) of the caller's locations created in [inicio, fim], oldest first. */
export async function listRecurrenceLocations(tx: Tx, userId: string, filters: RecurrenceLocationFilters) {
  const where: Prisma.RecurrenceLocationWhereInput = {
    userId,
    createdAt: { gte: filters.inicio, lte: filters.fim },
    ...(filters.idRecPresente === undefined ? {} : { idRec: filters.idRecPresente ? { not: null } : null }),
    ...(filters.agreement !== undefined ? { recurrence: { agreement: filters.agreement } } : {}),
  };
  const [locations, total] = await Promise.all([
    tx.recurrenceLocation.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: Math.min(filters.page * filters.size, MAX_SKIP),
      take: filters.size,
    }),
    tx.recurrenceLocation.count({ where }),
  ]);
  return { locations, total };
}

export type ServedRecurrence = { kind: "rec"; recurrence: Recurrence } | { kind: "gone" } | { kind: "none" };

/** What the public URL answers: its recurrence, 410 once unlinked, 404 when it never served one. */
export async function servedRecurrenceLocation(tx: Tx, token: string): Promise<ServedRecurrence> {
  const location = await tx.recurrenceLocation.findUnique({ where: { token }, include: { recurrence: true } });
  if (location?.recurrence) return { kind: "rec", recurrence: location.recurrence };
  return location?.releasedAt ? { kind: "gone" } : { kind: "none" };
}
