import { describe, expect, it } from "vitest";
import { listAudit, recordAudit } from "../../server/audit/log";
import { db } from "../../server/db/client";

const actor = { userId: "7d4e2c1a-9b7f-4c3e-8a2d-1f0e9d8c7b6a", email: "ops@example.test" };

describe("admin audit log", () => {
  it("records who did what to which target, with before/after (bigints as strings), newest first", async () => {
    const target = `med-${Date.now()}`;
    await recordAudit(db(), {
      actor,
      action: "med.analysis",
      targetType: "med",
      targetId: target,
      after: { considerations: "ok" },
    });
    await recordAudit(db(), {
      actor,
      action: "med.accept",
      targetType: "med",
      targetId: target,
      before: { status: "under_analysis", blockedCents: 1500n },
      after: { status: "accepted" },
      reason: "proof insufficient",
    });
    const { items, total } = await listAudit(db(), { page: 1, limit: 10, targetType: "med", targetId: target });
    expect(total).toBe(2);
    expect(items.map((i) => i.action)).toEqual(["med.accept", "med.analysis"]);
    expect(items[0]).toMatchObject({
      actorEmail: "ops@example.test",
      before: { status: "under_analysis", blockedCents: "1500" },
      after: { status: "accepted" },
      reason: "proof insufficient",
    });
    const second = await listAudit(db(), { page: 2, limit: 1, targetType: "med", targetId: target });
    expect(second.items.map((i) => i.action)).toEqual(["med.analysis"]);
  });

  it("is append-only: an UPDATE or DELETE is refused by the database", async () => {
    const entry = await recordAudit(db(), {
      actor,
      action: "account.block",
      targetType: "account",
      targetId: "100000000999",
    });
    await expect(db().auditLogEntry.update({ where: { id: entry.id }, data: { reason: "edited" } })).rejects.toThrow(
      /append-only/,
    );
    await expect(db().auditLogEntry.delete({ where: { id: entry.id } })).rejects.toThrow(/append-only/);
    const kept = await db().auditLogEntry.findUnique({ where: { id: entry.id } });
    expect(kept?.reason).toBeNull();
  });
});
