/** The whole onboarding path on /v4/i, through both upload encodings, and the admin decision. */
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { approveProposal, rejectProposal } from "../../server/onboarding/review";
import { verifyEmail } from "../../server/onboarding/service";
import { call } from "../support/fixtures";
import {
  api,
  emailsTo,
  JPEG,
  PDF,
  PNG,
  personProposal,
  programmeOwner,
  tokenOf,
  uploadJson,
  uploadMultipart,
} from "./support";

const admin = { userId: "00000000-0000-4000-8000-000000000001", email: "admin@example.test" };

async function verifiedProposal(auth: string, overrides: Record<string, unknown> = {}) {
  const body = personProposal(overrides);
  const created = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth, body });
  expect(created.status).toBe(200);
  const userId = created.json.data.userId as string;
  const [mail] = await emailsTo(auth, body.email as string);
  expect(await verifyEmail(db(), tokenOf(mail?.links[0] as string))).toBe("verified");
  return { userId, body };
}

describe("onboarding path", () => {
  it("JSON Base64: created, e-mail verified, documents in, approved with a programme account", async () => {
    const owner = await programmeOwner();
    const body = personProposal();
    const created = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body });
    expect(created.status).toBe(200);
    const proposal = created.json.data;
    expect(proposal).toMatchObject({
      status: "PENDING_EMAIL_VERIFICATION",
      personType: "person",
      name: "Maria da Silva",
      email: body.email,
      documents: [],
      accountId: null,
      rejectionReason: null,
    });
    expect(proposal.document).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);

    const [mail] = await emailsTo(owner.auth, body.email as string);
    expect(mail?.subject).toBe("Confirme seu e-mail");
    expect(mail?.links[0]).toMatch(/\/onboarding\/verify\?token=/);

    const early = await uploadJson(owner.auth, proposal.userId, {
      documentType: "RG",
      documentFront: PNG.toString("base64"),
    });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe("CONFLICT");

    expect(await verifyEmail(db(), tokenOf(mail?.links[0] as string))).toBe("verified");
    const got = await call(api(), "GET", `/v4/i/baas/onboarding/${proposal.userId}`, { auth: owner.auth });
    expect(got.json.data.status).toBe("PENDING_DOCUMENTS");

    const front = await uploadJson(owner.auth, proposal.userId, {
      documentType: "RG",
      documentFront: PNG.toString("base64"),
    });
    expect(front.status).toBe(200);
    expect(front.json.data.status).toBe("PENDING_DOCUMENTS");
    const back = await uploadJson(owner.auth, proposal.userId, {
      documentType: "RG",
      documentBack: `data:image/jpeg;base64,${JPEG.toString("base64")}`,
    });
    expect(back.status).toBe(200);
    expect(back.json.data.status).toBe("UNDER_REVIEW");
    expect(back.json.data.documents).toEqual([
      { documentType: "RG", files: ["documentFront", "documentBack"], uploadedAt: expect.any(Number) },
    ]);

    const approved = await approveProposal(db(), proposal.userId, admin);
    expect(approved.status).toBe("APPROVED");
    const account = await db().account.findUniqueOrThrow({ where: { id: approved.accountId as string } });
    expect(account).toMatchObject({ userId: proposal.userId, programmeOwnerId: owner.userId, document: body.document });
    expect(account.id).toMatch(/^\d{12}$/);
    const user = await db().user.findUniqueOrThrow({ where: { id: proposal.userId } });
    expect(user.role).toBe("CUSTOMER");
    const audit = await db().auditLogEntry.findFirstOrThrow({ where: { targetId: proposal.userId } });
    expect(audit).toMatchObject({ action: "onboarding.approve", actorEmail: admin.email });

    const after = await call(api(), "GET", `/v4/i/baas/onboarding/${proposal.userId}`, { auth: owner.auth });
    expect(after.json.data).toMatchObject({ status: "APPROVED", accountId: account.id });
    const mails = await emailsTo(owner.auth, body.email as string);
    expect(mails[0]?.subject).toBe("Sua conta foi aprovada");
    expect(mails[0]?.text).toContain(account.id);
  });

  it("multipart/form-data: a single-capture type needs its selfie; rejection keeps the reason", async () => {
    const owner = await programmeOwner();
    const { userId, body } = await verifiedProposal(owner.auth, { locale: "en" });
    const first = await uploadMultipart(owner.auth, userId, { documentType: "CNH_DIGITAL", documentPdf: PDF });
    expect(first.status).toBe(200);
    expect(first.json.data.status).toBe("PENDING_DOCUMENTS");
    const selfie = await uploadMultipart(owner.auth, userId, { documentType: "CNH_DIGITAL", selfie: PNG });
    expect(selfie.status).toBe(200);
    expect(selfie.json.data.status).toBe("UNDER_REVIEW");

    const rejected = await rejectProposal(db(), userId, "document unreadable", admin);
    expect(rejected.status).toBe("REJECTED");
    const got = await call(api(), "GET", `/v4/i/baas/onboarding/${userId}`, { auth: owner.auth });
    expect(got.json.data).toMatchObject({
      status: "REJECTED",
      rejectionReason: "document unreadable",
      accountId: null,
    });
    const [mail] = await emailsTo(owner.auth, body.email as string);
    expect(mail?.subject).toBe("Your account application was not approved");
    expect(mail?.text).toContain("document unreadable");
    await expect(approveProposal(db(), userId, admin)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("lists the owner's proposals with a status filter and pagination", async () => {
    const owner = await programmeOwner();
    await verifiedProposal(owner.auth);
    await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body: personProposal() });
    const all = await call(api(), "GET", "/v4/i/baas/onboarding/all?limit=1", { auth: owner.auth });
    expect(all.status).toBe(200);
    expect(all.json.size).toBe(1);
    expect(all.json.pagination).toMatchObject({ page: 1, limit: 1, total: 2, totalPages: 2 });
    const pending = await call(api(), "GET", "/v4/i/baas/onboarding/all?status=PENDING_DOCUMENTS", {
      auth: owner.auth,
    });
    expect(pending.json.data.map((p: { status: string }) => p.status)).toEqual(["PENDING_DOCUMENTS"]);
    const bad = await call(api(), "GET", "/v4/i/baas/onboarding/all?status=DONE", { auth: owner.auth });
    expect(bad.status).toBe(400);
  });
});
