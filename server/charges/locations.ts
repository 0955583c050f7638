/**
 * Payload locations (API Pix `loc`): the URL a dynamic BR Code carries (field 25), a row of its
 * own so it can exist before its charge, be listed, and be unlinked. A location serves at most
 * one charge at a time; unlinked, it answers 410 until another charge binds it
 * (docs/decisions/0028-api-pix-cob.md).
 */
import { randomUUID } from "node:crypto";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { inTransaction } from "../db/transaction";
import { notFound } from "../errors";
import type { Charge, PayloadLocation, Prisma } from "../generated/prisma/client";
import { CobRuleError } from "./cob-errors";
import type { LocationType } from "./cob-status";
import { locationUrl } from "./ids";

/** The location's URL without scheme, as a BR Code and the API Pix write it. */
export const urlOfLocation = (location: Pick<PayloadLocation, "token" | "tipoCob">) =>
  locationUrl(config().APP_URL, location.token, location.tipoCob as LocationType);

export async function createLocation(
  db: Db | Tx,
  userId: string,
  tipoCob: LocationType,
  now = new Date(),
  txId: string | null = null,
): Promise<PayloadLocation> {
  return db.payloadLocation.create({ data: newLocationRow(userId, tipoCob, now, txId) });
}

/** A new location's row (a fresh token), for `createLocation` and for set-based inserts of many. */
export const newLocationRow = (userId: string, tipoCob: LocationType, now: Date, txId: string | null) => ({
  userId,
  token: randomUUID(),
  tipoCob,
  txId,
  createdAt: now,
});

const LOCATION_ID = /^[0-9]{1,18}$/;

/** The caller's location; 404 when the id is unknown, malformed or someone else's. */
export async function getLocation(tx: Tx, userId: string, id: string): Promise<PayloadLocation> {
  const found = LOCATION_ID.test(id) ? await tx.payloadLocation.findUnique({ where: { id: BigInt(id) } }) : null;
  if (!found || found.userId !== userId) throw notFound("payload location not found");
  return found;
}

async function lockLocation(tx: Tx, id: bigint): Promise<void> {
  await tx.$queryRaw`SELECT id FROM payload_locations WHERE id = ${id} FOR UPDATE`;
}

/**
 * Binds the caller's location `id` to the charge `txId` (locked by the caller): refused when it
 * does not exist, serves another charge, or is not of type cob.
 */
export async function bindLocation(
  tx: Tx,
  userId: string,
  id: bigint,
  txId: string,
  tipoCob: LocationType = "cob",
): Promise<PayloadLocation> {
  await lockLocation(tx, id);
  const location = await tx.payloadLocation.findUnique({ where: { id } });
  if (!location || location.userId !== userId) {
    throw new CobRuleError("LOC_NOT_FOUND", "loc.id", "the location does not exist");
  }
  if (location.txId && location.txId !== txId) {
    throw new CobRuleError("LOC_IN_USE", "loc.id", "the location serves another charge");
  }
  if (location.tipoCob !== tipoCob) {
    throw new CobRuleError("LOC_WRONG_TYPE", "loc.id", `the location is not of type ${tipoCob}`);
  }
  return tx.payloadLocation.update({ where: { id }, data: { txId, releasedAt: null } });
}

/** Frees the location a charge leaves for another (its old URL answers 410 from then on). */
export async function releaseLocation(tx: Tx, token: string, now = new Date()): Promise<void> {
  await tx.payloadLocation.updateMany({ where: { token }, data: { txId: null, releasedAt: now } });
}

/** DELETE /loc/{id}/txid: the charge it served no longer has a location (its status is unchanged). */
export async function unlinkLocation(db: Db | Tx, userId: string, id: string, now = new Date()) {
  return inTransaction(db, async (tx) => {
    const location = await getLocation(tx, userId, id);
    await lockLocation(tx, location.id);
    const current = await tx.payloadLocation.findUniqueOrThrow({ where: { id: location.id } });
    if (!current.txId) return current;
    await tx.$queryRaw`SELECT tx_id FROM charges WHERE tx_id = ${current.txId} FOR UPDATE`;
    await tx.charge.updateMany({
      where: { txId: current.txId, locationId: current.token },
      data: { locationId: null },
    });
    return tx.payloadLocation.update({ where: { id: current.id }, data: { txId: null, releasedAt: now } });
  });
}

/** Beyond any real list: a page this far answers empty (the query layer takes a 32-bit offset). */
const MAX_SKIP = 2_000_000_000;

export type LocationFilters = {
  inicio: Date;
  fim: Date;
  txIdPresente?: boolean | undefined;
  tipoCob?: LocationType | undefined;
  page: number;
  size: number;
};

/** A page (0-based) of the caller's locations created in [inicio, fim], oldest first. */
export async function listLocations(tx: Tx, userId: string, filters: LocationFilters) {
  const where: Prisma.PayloadLocationWhereInput = {
    userId,
    createdAt: { gte: filters.inicio, lte: filters.fim },
    ...(filters.tipoCob ? { tipoCob: filters.tipoCob } : {}),
    ...(filters.txIdPresente === undefined ? {} : { txId: filters.txIdPresente ? { not: null } : null }),
  };
  const [locations, total] = await Promise.all([
    tx.payloadLocation.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: Math.min(filters.page * filters.size, MAX_SKIP),
      take: filters.size,
    }),
    tx.payloadLocation.count({ where }),
  ]);
  return { locations, total };
}

export type ServedLocation = { kind: "charge"; charge: Charge } | { kind: "gone" } | { kind: "none" };

/** What the public location URL answers: its charge, 410 once unlinked, 404 when it never served one. */
export async function servedLocation(tx: Tx, token: string): Promise<ServedLocation> {
  const location = await tx.payloadLocation.findUnique({ where: { token } });
  if (location?.txId) {
    const charge = await tx.charge.findUnique({ where: { txId: location.txId } });
    if (charge) return { kind: "charge", charge };
  }
  return location?.releasedAt ? { kind: "gone" } : { kind: "none" };
}
