/**
 * Keys this platform holds that the directory has not taken yet (seeds, keys made before the
 * connector): the worker registers them with DICT createEntry, a few at a time, until each is
 * taken or refused. A key another institution or owner holds stays unregistered and is logged
 * for the operator.
 */
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { logger } from "../../logger";
import { startPollingLoop } from "../../worker/loop";
import { pixRail } from "../current-rail";

export async function registerPendingKeys(db: Db, limit = 20): Promise<number> {
  const pending = await db.pixKey.findMany({
    where: { dictRegisteredAt: null },
    include: { account: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let registered = 0;
  for (const key of pending) {
    try {
      const outcome = await pixRail().registerKey({ key: key.key, keyType: key.type, account: key.account });
      if (outcome.status === "registered") {
        await db.pixKey.updateMany({
          where: { id: key.id, dictRegisteredAt: null },
          data: { dictRegisteredAt: new Date() },
        });
        registered++;
      } else {
        logger().warn({ keyId: key.id, by: outcome.by }, "the directory holds this key elsewhere");
      }
    } catch (error) {
      logger().warn({ err: error, keyId: key.id, keyType: key.type }, "directory registration failed; will retry");
      // the directory refused this key: the others may still go; a network failure waits for the next pass
      if (!(error instanceof AppError)) break;
    }
  }
  return registered;
}

/** The worker's loop: right away, then every `idleMs` while nothing is pending. */
export function startKeyRegistrationLoop(db: Db, idleMs = 30_000) {
  return startPollingLoop("directory registration", async () => (await registerPendingKeys(db)) > 0, idleMs);
}
