/** The operator CLI's member commands: add, invite, role and remove, each audited as the operator. */
import { describe, expect, it } from "vitest";
import { CLI_ACTOR_ID } from "../../server/cli/actor";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { memberOf } from "../../server/organizations/members";
import { verifyLogin } from "../../server/users/service";
import { newMerchant } from "../support/fixtures";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

const uniqueEmail = (what: string) => `${what}-${Math.random().toString(36).slice(2)}@example.test`;

async function cli(...args: string[]) {
  const { io, out, err } = capture();
  const code = await runCli(db(), io, args);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("member commands", () => {
  it("adds a member who signs in, changes the role, removes them — audited", async () => {
    const owner = await newMerchant();
    const email = uniqueEmail("support");
    const added = await cli(
      "member",
      "add",
      "--owner",
      owner.email,
      "--email",
      email,
      "--role",
      "support",
      "--password",
      "support-pass-1",
      "--json",
    );
    expect(added.code).toBe(0);
    const result = JSON.parse(added.out);
    expect(result).toMatchObject({ organizationId: owner.userId, email, role: "support" });
    expect(await verifyLogin(db(), email, "support-pass-1")).not.toBeNull();
    expect(await memberOf(db(), result.userId)).toMatchObject({ organizationId: owner.userId, role: "support" });

    expect((await cli("member", "role", "--owner", owner.email, "--email", email, "--role", "finance")).code).toBe(0);
    expect(await memberOf(db(), result.userId)).toMatchObject({ role: "finance" });
    expect((await cli("member", "remove", "--owner", owner.email, "--email", email, "--json")).code).toBe(0);
    expect(await memberOf(db(), result.userId)).toBeNull();

    const audit = await db().auditLogEntry.findMany({
      where: { organizationId: owner.userId },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual(["member.add", "member.change_role", "member.remove"]);
    expect(audit.every((a) => a.actorUserId === CLI_ACTOR_ID && a.actorEmail.startsWith("cli:"))).toBe(true);
  });

  it("invites by e-mail through the outbox", async () => {
    const owner = await newMerchant();
    const email = uniqueEmail("invitee");
    const invited = await cli(
      "member",
      "invite",
      "--owner",
      owner.email,
      "--email",
      email,
      "--role",
      "developer",
      "--lang",
      "en",
      "--json",
    );
    expect(invited.code).toBe(0);
    expect(JSON.parse(invited.out)).toMatchObject({ email, role: "developer" });
    const event = await db().outboxEvent.findFirst({ where: { topic: "mail.send", userId: owner.userId } });
    expect(JSON.stringify(event?.payload)).toContain(email);
  });

  it("refuses bad usage, an unknown owner and the last owner's removal", async () => {
    const owner = await newMerchant();
    expect(
      (
        await cli(
          "member",
          "add",
          "--owner",
          owner.email,
          "--email",
          uniqueEmail("x"),
          "--role",
          "boss",
          "--password",
          "p4ssword-1",
        )
      ).code,
    ).toBe(2);
    expect(
      (await cli("member", "add", "--owner", owner.email, "--email", uniqueEmail("x"), "--role", "support")).code,
    ).toBe(2);
    expect((await cli("member", "remove", "--owner", uniqueEmail("nobody"), "--email", owner.email)).code).toBe(1);
    const last = await cli("member", "remove", "--owner", owner.email, "--email", owner.email);
    expect(last.code).toBe(1);
    expect(last.err).toContain("at least one owner");
  });
});
