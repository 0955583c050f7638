/**
 * What a file puts in place of db() and of the session, for code that reads them itself (tRPC
 * callers, route handlers): db() answers with the file's own database while `standIn.db` is set,
 * getSession with `standIn.session`. vi.mock is hoisted above the imports, so a file installs them
 * with a factory that imports this module:
 *
 *   vi.mock("../../server/db/client", async (original) => (await import("../support/stand-ins")).dbClient(original));
 */
import type { SessionUser } from "../../server/auth/next-auth";
import type { Db } from "../../server/db/client";

type ImportOriginal = <T = unknown>() => Promise<T>;

export const standIn: { db: Db | null; session: SessionUser | null } = { db: null, session: null };

/** server/db/client with db() answering with `standIn.db` when set. */
export async function dbClient(original: ImportOriginal) {
  const real = await original<typeof import("../../server/db/client")>();
  return { ...real, db: () => standIn.db ?? real.db() };
}

/** server/auth/next-auth with getSession answering `standIn.session`. */
export async function nextAuth(original: ImportOriginal) {
  return {
    ...(await original<typeof import("../../server/auth/next-auth")>()),
    getSession: async () => (standIn.session ? { user: standIn.session, expires: "" } : null),
  };
}
