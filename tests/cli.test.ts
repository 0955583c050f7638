import { describe, expect, it } from "vitest";
import { runCli } from "../server/cli/run";
import { db } from "../server/db/client";
import { verifyLogin } from "../server/users/service";
import { capture } from "./support/cli-io";
import { newMerchant, randomCpf } from "./support/fixtures";

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
      pixKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    // the key is registered on the new account, as its current key (the one its charges carry)
    const pixKey = await db().pixKey.findUniqueOrThrow({ where: { key: result.pixKey } });
    expect(pixKey).toMatchObject({ accountId: result.accountId, type: "EVP", isCurrent: true });
    const key = await db().apiKey.findUniqueOrThrow({ where: { clientId: result.clientId } });
    expect(key.ipWhitelist).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(key.secretHash).not.toContain(result.clientSecret);
  });

  it("prints the new account's EVP key for people too, beside the credentials", async () => {
    const { io, out } = capture();
    const email = uniqueEmail("cli-text");
    const args = [
      "merchant",
      "create",
      "--name",
      "Feira",
      "--document",
      randomCpf(),
      "--email",
      email,
      "--ip",
      "127.0.0.1",
    ];
    expect(await runCli(db(), io, args)).toBe(0);
    const text = out.join("\n");
    const printed = /PIX key \(EVP\): +(\S+)/.exec(text)?.[1];
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    const [account] = await db().account.findMany({ where: { userId: user.id } });
    const keys = await db().pixKey.findMany({ where: { accountId: account?.id } });
    expect(keys.map((key) => [key.type, key.key])).toEqual([["EVP", printed]]);
    expect(text).toContain(`account id:    ${account?.id}`);
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

  it("changes a user's role and password, ending their sessions, written to the audit log", async () => {
    const merchant = await newMerchant();
    const user = () => db().user.findUniqueOrThrow({ where: { id: merchant.userId } });
    const before = await user();

    const role = capture();
    expect(await runCli(db(), role.io, ["user", "role", "--email", before.email, "--role", "admin", "--json"])).toBe(0);
    expect(JSON.parse(role.out.join("\n"))).toMatchObject({ userId: before.id, role: "ADMIN", changed: true });
    const promoted = await user();
    expect(promoted.role).toBe("ADMIN");
    expect(promoted.sessionVersion).toBe(before.sessionVersion + 1);

    const password = capture();
    expect(await runCli(db(), password.io, ["user", "password", "--email", before.email, "--json"])).toBe(0);
    const { password: generated } = JSON.parse(password.out.join("\n"));
    expect(generated).toEqual(expect.any(String));
    const reset = await user();
    expect(reset.sessionVersion).toBe(before.sessionVersion + 2);
    expect(await verifyLogin(db(), before.email, generated)).toMatchObject({ id: before.id });
    expect(await verifyLogin(db(), before.email, "correct-horse-battery")).toBeNull();

    const audit = await db().auditLogEntry.findMany({ where: { targetId: before.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorEmail.startsWith("cli:")])).toEqual([
      ["user.change_role", true],
      ["user.reset_password", true],
    ]);
    expect(JSON.stringify(audit)).not.toContain(generated);
  });

  it.each([
    [["user", "role", "--email", "nobody@example.test", "--role", "ADMIN"], 1, "user not found"],
    [["user", "role", "--email", "nobody@example.test", "--role", "CUSTOMER"], 2, "--role must be one of"],
    [["user", "password", "--email", "nobody@example.test", "--password", "short"], 1, "at least 8"],
    [["user", "password"], 2, "missing --email"],
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
