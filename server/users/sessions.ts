/**
 * Signed-in devices (docs/decisions/0045-sign-in-hygiene.md). Each dashboard sign-in opens a row;
 * its id rides in the JWT and every request checks it (server/auth/next-auth.ts), so revoking a
 * row signs that device out at its next request.
 */
import { randomUUID } from "node:crypto";
import { UAParser } from "ua-parser-js";
import type { Tx } from "../db/client";
import { AppError } from "../errors";

/** A working day; after that the person signs in again (the JWT's lifetime). */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
/** last seen is written at most this often per session: one write a minute, not one a request */
export const LAST_SEEN_EVERY_MS = 60_000;
const USER_AGENT_MAX = 512;

export async function openSession(
  db: Tx,
  input: { userId: string; userAgent: string | undefined; address: string },
): Promise<string> {
  const id = randomUUID();
  await db.userSession.create({
    data: {
      id,
      userId: input.userId,
      userAgent: (input.userAgent ?? "").slice(0, USER_AGENT_MAX),
      address: input.address.slice(0, 64),
    },
  });
  return id;
}

/** Whether the session is the user's and not revoked; refreshes its last seen when a minute old. */
export async function sessionIsLive(db: Tx, userId: string, sessionId: string): Promise<boolean> {
  const session = await db.userSession.findUnique({
    where: { id: sessionId },
    select: { userId: true, revokedAt: true, lastSeenAt: true },
  });
  if (!session || session.userId !== userId || session.revokedAt) return false;
  const staleBefore = new Date(Date.now() - LAST_SEEN_EVERY_MS);
  if (session.lastSeenAt < staleBefore) {
    await db.userSession.updateMany({
      where: { id: sessionId, lastSeenAt: { lt: staleBefore } },
      data: { lastSeenAt: new Date() },
    });
  }
  return true;
}

export type DeviceSession = {
  id: string;
  browser: string | null;
  os: string | null;
  address: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
};

const named = (name: string | undefined, version: string | undefined) =>
  name ? [name, version?.split(".")[0]].filter(Boolean).join(" ") : null;

/** The user's live sessions (not revoked, seen within a session's lifetime), latest first. */
export async function listSessions(db: Tx, userId: string, currentId: string | null): Promise<DeviceSession[]> {
  const rows = await db.userSession.findMany({
    where: { userId, revokedAt: null, lastSeenAt: { gt: new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000) } },
    orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
    take: 100,
  });
  return rows.map((row) => {
    const agent = new UAParser(row.userAgent).getResult();
    return {
      id: row.id,
      browser: named(agent.browser.name, agent.browser.version),
      os: named(agent.os.name, agent.os.version),
      address: row.address,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === currentId,
    };
  });
}

/** Signs one of the user's devices out; another user's session is not found. */
export async function revokeSession(db: Tx, userId: string, sessionId: string): Promise<void> {
  const session = await db.userSession.findUnique({ where: { id: sessionId }, select: { userId: true } });
  if (!session || session.userId !== userId) throw new AppError("NOT_FOUND", "session not found", "id");
  await endDeviceSession(db, userId, sessionId);
}

/** Sign-out of this device (nothing to do when it is gone already). */
export async function endDeviceSession(db: Tx, userId: string, sessionId: string): Promise<void> {
  await db.userSession.updateMany({
    where: { id: sessionId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** Signs out every device of the user but `keep` (the one asking, on a password change). */
export async function revokeOtherSessions(db: Tx, userId: string, keep: string | null): Promise<void> {
  await db.userSession.updateMany({
    where: { userId, revokedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { revokedAt: new Date() },
  });
}
