import { describe, expect, it } from "vitest";
import { runCli } from "../server/cli/run";
import { db } from "../server/db/client";
import { randomCpf } from "./support/fixtures";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const uniqueEmail = (what: string) => `${what}-${Math.random().toString(36).slice(2)}@example.test`;

describe("operator CLI", () => {
  it("creates a merchant and prints its ids and credentials as JSON", async () => {
    const { io, out } = capture();
    const email = uniqueEmail("cli");
    const code = await runCli(db(), io, [
      "merchant",
      "create",
      "--name",
      "Padaria",
      "--document",
      randomCpf(),
      "--email",
      email,
      "--password",
      "senha-segura-1",
      "--ip",
      "127.0.0.1",
      "--ip",
      "10.0.0.0/8",
      "--json",
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(out.join("\n"));
    expect(result).toEqual({
      userId: expect.any(String),
      accountId: expect.stringMatching(/^\d{12}$/),
      clientId: expect.stringMatching(/^cli_/),
      clientSecret: expect.stringMatching(/^sk_/),
      email,
    });
    const key = await db().apiKey.findUniqueOrThrow({ where: { clientId: result.clientId } });
    expect(key.ipWhitelist).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(key.secretHash).not.toContain(result.clientSecret);
  });

  it("creates, lists and revokes API keys", async () => {
    const email = uniqueEmail("admin");
    expect(await runCli(db(), capture().io, ["admin", "create", "--email", email, "--password", "admin-pass-1"])).toBe(
      0,
    );
    const created = capture();
    expect(
      await runCli(db(), created.io, [
        "apikey",
        "create",
        "--email",
        email,
        "--scope",
        "balance:read",
        "--ip",
        "127.0.0.1",
        "--json",
      ]),
    ).toBe(0);
    const key = JSON.parse(created.out.join("\n"));
    expect(key.scopes).toEqual(["balance:read"]);

    const listed = capture();
    await runCli(db(), listed.io, ["apikey", "list", "--email", email, "--json"]);
    expect(JSON.parse(listed.out.join("\n"))).toEqual([
      expect.objectContaining({ clientId: key.clientId, active: true }),
    ]);
    expect(listed.out.join("\n")).not.toContain(key.clientSecret);

    const revoked = capture();
    expect(await runCli(db(), revoked.io, ["apikey", "revoke", key.clientId, "--json"])).toBe(0);
    expect(JSON.parse(revoked.out.join("\n")).active).toBe(false);
  });

  it.each([
    [["merchant", "create", "--name", "X", "--email", "x@example.test"], 2, "missing --document"],
    [
      ["merchant", "create", "--name", "X", "--document", "123", "--email", "y@example.test", "--ip", "127.0.0.1"],
      1,
      "valid CPF or CNPJ",
    ],
    [["merchant", "create", "--bogus"], 2, "Unknown option"],
    [["apikey", "create", "--email", "nobody@example.test", "--ip", "127.0.0.1"], 2, "no user with e-mail"],
    [["apikey", "create", "--email", "nobody@example.test"], 2, "missing --ip"],
    [["merchant", "create", "--name", "X", "--document", "123", "--email", "z@example.test"], 2, "missing --ip"],
    [["apikey", "revoke", "cli_doesnotexist"], 1, "API key not found"],
    [["frobnicate"], 2, "unknown command"],
    [
      [
        "merchant",
        "create",
        "--name",
        "X",
        "--document",
        "52998224725",
        "--email",
        "z@example.test",
        "--ip",
        "1.2.3.4/40",
      ],
      1,
      "invalid IP whitelist entry",
    ],
  ])("refuses %j with exit %i and a clear message", async (argv, exitCode, message) => {
    const { io, err } = capture();
    expect(await runCli(db(), io, argv)).toBe(exitCode);
    expect(err.join("\n")).toContain(message);
  });
});
