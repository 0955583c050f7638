import { config } from "../config";
import type { Db } from "../db/client";
import { storage } from "../storage";

const DAY_MS = 86_400_000;

/** Deletes statements (and their files) requested more than STATEMENT_RETENTION_DAYS ago. */
export async function purgeExpiredStatements(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - config().STATEMENT_RETENTION_DAYS * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = await db.statement.findMany({
      where: { createdAt: { lt: cutoff } },
      select: { id: true, reportPath: true },
      take: 200,
    });
    if (batch.length === 0) return purged;
    for (const statement of batch) {
      if (statement.reportPath) await storage().delete(statement.reportPath);
    }
    await db.statement.deleteMany({ where: { id: { in: batch.map((s) => s.id) } } });
    purged += batch.length;
  }
}
