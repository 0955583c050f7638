import { describe, expect, it } from "vitest";
import { allowLocalAppLogin, asAppRole, isLoopback, roleProblem } from "./roles";

describe("database roles", () => {
  it("connects to the same database as pix_app", () => {
    expect(asAppRole("postgresql://postgres:secret@127.0.0.1:5432/pix_it_1?sslmode=disable")).toBe(
      "postgresql://pix_app:pix_app_local@127.0.0.1:5432/pix_it_1?sslmode=disable",
    );
  });

  it("tells a cluster on this machine from one elsewhere", () => {
    expect(["127.0.0.1", "localhost", "[::1]"].map((host) => isLoopback(`postgresql://u@${host}:5432/d`))).toEqual([
      true,
      true,
      true,
    ]);
    expect(isLoopback("postgresql://u@db.example.invalid:5432/d")).toBe(false);
  });

  it("never sets pix_app's local password on a cluster elsewhere", async () => {
    await expect(allowLocalAppLogin("postgresql://postgres@db.example.invalid:5432/postgres")).rejects.toThrow(
      "pix_app's local password is only set on a cluster on loopback",
    );
  });

  it("names a superuser, a role that writes the ledger, and accepts the platform's", async () => {
    const answering = (row: Record<string, unknown>) => async () => [row];
    expect(await roleProblem(answering({ role: "postgres", superuser: true, writes_ledger: true }))).toBe(
      "connected as postgres, a superuser",
    );
    expect(await roleProblem(answering({ role: "pix_owner", superuser: false, writes_ledger: true }))).toBe(
      "connected as pix_owner, which may write the ledger's tables directly",
    );
    expect(await roleProblem(answering({ role: "pix_app", superuser: false, writes_ledger: false }))).toBeNull();
  });
});
