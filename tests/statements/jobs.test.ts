import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import {
  buildClaimed,
  claimStatement,
  LEASE_MS,
  LeaseLost,
  MAX_ATTEMPTS,
  processNextStatement,
} from "../../server/statements/generate";
import { purgeExpiredStatements } from "../../server/statements/purge";
import { StatementRequestSchema } from "../../server/statements/schema";
import { requestStatement } from "../../server/statements/service";
import { resetStorageForTests, storage } from "../../server/storage";
import { aroundNow, deps, merchantWithEntries, readStored } from "./support";

describe("statement jobs", () => {
  let merchant: Awaited<ReturnType<typeof merchantWithEntries>>;
  const request = async (format: "csv" | "pdf" = "csv") =>
    (
      await requestStatement(db(), {
        userId: merchant.userId,
        requestedBy: merchant.clientId,
        request: StatementRequestSchema.parse({ accountId: merchant.accountId, format, ...aroundNow() }),
      })
    ).extractId;

  beforeAll(async () => {
    merchant = await merchantWithEntries(2);
  });

  it("gives a statement to one worker only when two claim it at once", async () => {
    const id = await request();
    const claims = await Promise.all([claimStatement(deps("a"), id), claimStatement(deps("b"), id)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const row = await db().statement.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "processing", attempts: 1 });
  });

  it("retries a job whose worker crashed mid-way, and the statement ends done once", async () => {
    const id = await request();
    // Worker A claims it, then dies: it never renews its lease.
    const crashed = await claimStatement(deps("worker-a"), id);
    expect(crashed).toMatchObject({ id, attempts: 1 });
    // Before the lease runs out nobody else may take it.
    expect(await processNextStatement(deps("worker-b"), id)).toBe(false);
    // After it, worker B starts over and finishes.
    const later = () => new Date(Date.now() + LEASE_MS + 1000);
    expect(await processNextStatement(deps("worker-b", later), id)).toBe(true);
    const done = await db().statement.findUniqueOrThrow({ where: { id } });
    expect(done).toMatchObject({ status: "done", attempts: 2, leaseOwner: null, rowsWritten: 2, rowsTotal: 2 });
    const firstUpdate = done.updatedAt;
    // Worker A comes back to life: it lost its lease, so it cannot finish the statement again.
    await expect(buildClaimed(deps("worker-a"), crashed as { id: string; attempts: number })).rejects.toBeInstanceOf(
      LeaseLost,
    );
    const after = await db().statement.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ status: "done", attempts: 2 });
    expect(after.updatedAt).toEqual(firstUpdate);
    const files = unzipSync(await readStored(after.reportPath as string));
    expect(Buffer.from(files["lancamentos.csv"] as Uint8Array).toString("utf8")).toContain("Pix recebido");
  });

  it(`fails a statement whose workers crashed ${MAX_ATTEMPTS} times`, async () => {
    const id = await request();
    let clock = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(
        await claimStatement(
          deps(`w${i}`, () => new Date(clock)),
          id,
        ),
      ).not.toBeNull();
      clock += LEASE_MS + 1000;
    }
    await processNextStatement(
      deps("last", () => new Date(clock)),
      id,
    );
    const failed = await db().statement.findUniqueOrThrow({ where: { id } });
    expect(failed).toMatchObject({
      status: "failed",
      errorCode: "GENERATION_FAILED",
      errorMessage: "The statement could not be generated; request it again",
    });
  });

  it("fails with a message, not internals, when the file cannot be stored", async () => {
    const blocker = path.join(os.tmpdir(), `statement-blocker-${process.pid}`);
    await writeFile(blocker, "not a directory");
    process.env.STORAGE_DRIVER = "disk";
    process.env.STORAGE_DIR = blocker;
    resetConfigForTests();
    resetStorageForTests();
    try {
      const id = await request();
      await processNextStatement(deps(), id);
      const failed = await db().statement.findUniqueOrThrow({ where: { id } });
      expect(failed.status).toBe("failed");
      expect(failed.errorMessage).toBe("The statement could not be generated; request it again");
      expect(failed.errorMessage).not.toContain(blocker);
    } finally {
      delete process.env.STORAGE_DRIVER;
      delete process.env.STORAGE_DIR;
      resetConfigForTests();
      resetStorageForTests();
      await rm(blocker, { force: true });
    }
  });

  it("purges statements and their files after the retention", async () => {
    const id = await request();
    await processNextStatement(deps(), id);
    const done = await db().statement.findUniqueOrThrow({ where: { id } });
    expect(await storage().size(done.reportPath as string)).toBeGreaterThan(0);
    await purgeExpiredStatements(db(), new Date(Date.now() + 29 * 86_400_000));
    expect(await db().statement.findUnique({ where: { id } })).not.toBeNull();
    await purgeExpiredStatements(db(), new Date(Date.now() + 31 * 86_400_000));
    expect(await db().statement.findUnique({ where: { id } })).toBeNull();
    expect(await storage().size(done.reportPath as string)).toBeNull();
  });
});
