/**
 * The audit log against the database itself: the platform's role (pix_app) may add rows and read
 * them, nothing else; TRUNCATE is refused to everyone, the owner included.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../server/audit/log";
import { db } from "../../server/db/client";
import { asRole } from "./as-role";

const actor = { userId: "7d4e2c1a-9b7f-4c3e-8a2d-1f0e9d8c7b6a", email: "ops@example.test" };

describe("database roles: the audit log", () => {
  let client: pg.Client;
  let entryId: string;

  beforeAll(async () => {
    entryId = (await recordAudit(db(), { actor, action: "account.block", targetType: "account", targetId: "1" })).id;
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  const as = (role: string | null, sql: string, values: unknown[] = []) => asRole(client, role, sql, values);

  it("the app's role adds and reads entries", async () => {
    const added = await as(
      "pix_app",
      `INSERT INTO audit_log (id, actor_user_id, actor_email, action, target_type, target_id)
       VALUES (gen_random_uuid(), $1, $2, 'account.unblock', 'account', '1') RETURNING id`,
      [actor.userId, actor.email],
    );
    expect(added.rowCount).toBe(1);
    const read = await as("pix_app", "SELECT id FROM audit_log WHERE id = $1", [entryId]);
    expect(read.rowCount).toBe(1);
  });

  it.each([
    ["UPDATE", `UPDATE audit_log SET reason = 'edited'`],
    ["DELETE", "DELETE FROM audit_log"],
    ["TRUNCATE", "TRUNCATE audit_log"],
    ["DISABLE TRIGGER", "ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only"],
    ["DISABLE TRIGGER ALL", "ALTER TABLE audit_log DISABLE TRIGGER ALL"],
    ["DROP", "DROP TABLE audit_log"],
  ])("the app's role cannot %s it", async (_name, sql) => {
    await expect(as("pix_app", sql)).rejects.toThrow(/permission denied|must be owner/);
    expect((await db().auditLogEntry.findUnique({ where: { id: entryId } }))?.reason).toBeNull();
  });

  it("TRUNCATE is refused to the owner too, by the trigger", async () => {
    await expect(as(null, "TRUNCATE audit_log")).rejects.toThrow(/append-only/);
    expect(await db().auditLogEntry.count()).toBeGreaterThan(0);
  });

  it("the app's role keeps its rights on the other tables", async () => {
    const users = await as("pix_app", "UPDATE users SET name = name WHERE false");
    expect(users.rowCount).toBe(0);
  });
});
