/** The back office's decisions through tRPC and the CLI, the audit trail, and who may read KYC files. */
import { describe, expect, it } from "vitest";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { readKycFile } from "../../server/onboarding/review";
import { verifyEmail } from "../../server/onboarding/service";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createUser } from "../../server/users/service";
import { call } from "../support/fixtures";
import { api, emailsTo, PNG, personProposal, programmeOwner, tokenOf, uploadJson } from "./support";

const caller = createCallerFactory(appRouter);

async function underReview(auth: string) {
  const body = personProposal();
  const created = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth, body });
  const userId = created.json.data.userId as string;
  const [mail] = await emailsTo(auth, body.email as string);
  await verifyEmail(db(), tokenOf(mail?.links[0] as string));
  await uploadJson(auth, userId, { documentType: "PASSPORT", documentFront: PNG.toString("base64") });
  await uploadJson(auth, userId, { documentType: "PASSPORT", selfie: PNG.toString("base64") });
  return { userId, body };
}

async function newAdmin() {
  const user = await createUser(db(), {
    email: `admin-${Math.random().toString(36).slice(2)}@example.test`,
    name: "Admin",
    password: "correct-horse-battery",
    role: "ADMIN",
  });
  return caller({ user: { id: user.id, role: "ADMIN", name: user.name, email: user.email } });
}

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe("back office review", () => {
  it("admins see the queue, the document whole, and approve with an audit row naming them", async () => {
    const owner = await programmeOwner();
    const { userId, body } = await underReview(owner.auth);
    const admin = await newAdmin();
    const queue = await admin.onboarding.queue({ status: "UNDER_REVIEW", personType: "person", limit: 100 });
    expect(queue.proposals.some((p) => p.userId === userId)).toBe(true);
    const old = await admin.onboarding.queue({ status: "UNDER_REVIEW", olderThanDays: 1, limit: 100 });
    expect(old.proposals.some((p) => p.userId === userId)).toBe(false);

    const detail = await admin.onboarding.detail({ userId });
    expect(detail.document).toBe(body.document);
    expect(detail.files.map((f) => f.side).sort()).toEqual(["documentFront", "selfie"]);

    const result = await admin.onboarding.approve({ userId });
    expect(result.status).toBe("APPROVED");
    const audit = await db().auditLogEntry.findFirstOrThrow({
      where: { targetId: userId, action: "onboarding.approve" },
    });
    expect(audit.before).toMatchObject({ status: "UNDER_REVIEW" });
    expect(audit.after).toMatchObject({ status: "APPROVED", accountId: result.accountId });
    await expect(admin.onboarding.reject({ userId, reason: "late" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("merchants cannot use the back office; the owner's list holds only its own proposals", async () => {
    const owner = await programmeOwner();
    const { userId } = await underReview(owner.auth);
    const other = await programmeOwner();
    const merchant = caller({ user: { id: other.userId, role: "MERCHANT", name: "M", email: other.email } });
    await expect(merchant.onboarding.queue({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(merchant.onboarding.approve({ userId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await merchant.onboarding.mine({})).total).toBe(0);
    const mine = caller({ user: { id: owner.userId, role: "MERCHANT", name: "O", email: owner.email } });
    const list = await mine.onboarding.mine({});
    expect(list.proposals.map((p) => p.userId)).toEqual([userId]);
    expect(list.proposals[0]?.timeline.submittedAt).toBeInstanceOf(Date);
  });

  it("KYC files are readable by admins and the owner only", async () => {
    const owner = await programmeOwner();
    const { userId } = await underReview(owner.auth);
    const file = await db().onboardingFile.findFirstOrThrow({ where: { proposalId: userId } });
    const other = await programmeOwner();
    expect((await readKycFile(db(), file.id, { userId: owner.userId, isAdmin: false })).bytes.equals(PNG)).toBe(true);
    expect((await readKycFile(db(), file.id, { userId: other.userId, isAdmin: true })).contentType).toBe("image/png");
    await expect(readKycFile(db(), file.id, { userId: other.userId, isAdmin: false })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("the CLI approves and rejects with --json, the same service", async () => {
    const owner = await programmeOwner();
    const first = await underReview(owner.auth);
    const second = await underReview(owner.auth);
    const approve = capture();
    expect(await runCli(db(), approve.io, ["onboarding", "approve", first.userId, "--json"])).toBe(0);
    const approved = JSON.parse(approve.out.join("\n"));
    expect(approved).toMatchObject({
      userId: first.userId,
      status: "APPROVED",
      accountId: expect.stringMatching(/^\d{12}$/),
    });

    const noReason = capture();
    expect(await runCli(db(), noReason.io, ["onboarding", "reject", second.userId])).toBe(2);
    const reject = capture();
    expect(await runCli(db(), reject.io, ["onboarding", "reject", second.userId, "--reason", "blurry", "--json"])).toBe(
      0,
    );
    expect(JSON.parse(reject.out.join("\n"))).toMatchObject({ status: "REJECTED", rejectionReason: "blurry" });
    const audit = await db().auditLogEntry.findFirstOrThrow({ where: { targetId: second.userId } });
    expect(audit).toMatchObject({ action: "onboarding.reject", actorEmail: "cli", reason: "blurry" });

    const again = capture();
    expect(await runCli(db(), again.io, ["onboarding", "approve", first.userId])).toBe(1);
  });

  it("a refused change queues no e-mail (the e-mail rides in the change's transaction)", async () => {
    const owner = await programmeOwner();
    const body = personProposal();
    await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body });
    const duplicate = await call(api(), "POST", "/v4/i/baas/onboarding/new", {
      auth: owner.auth,
      body: { ...body, email: "second@example.test" },
    });
    expect(duplicate.status).toBe(409);
    const queued = await db().outboxEvent.findMany({ where: { topic: "mail.send", userId: owner.userId } });
    expect(queued.filter((e) => (e.payload as { to: string }).to === "second@example.test")).toEqual([]);
  });
});

describe("e-mail delivery", () => {
  it("an SMTP failure is an error, so the relay keeps the event for a retry; sandbox keeps it once", async () => {
    const { resetConfigForTests } = await import("../../server/config");
    const owner = await programmeOwner();
    const body = personProposal();
    await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body });
    const event = await db().outboxEvent.findFirstOrThrow({ where: { topic: "mail.send", userId: owner.userId } });
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetConfigForTests();
    try {
      const { sendMail } = await import("../../server/mail/send");
      await expect(sendMail(db(), event.id, event.payload as never)).rejects.toThrow();
    } finally {
      delete process.env.SMTP_URL;
      resetConfigForTests();
    }
    const [mail] = await emailsTo(owner.auth, body.email as string);
    expect(mail?.subject).toBe("Confirme seu e-mail");
  });
});
