/** Every refusal of the onboarding routes, their limits, files by content, encryption at rest, tenancy. */
import { afterEach, describe, expect, it } from "vitest";
import { createAccountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import { verifyEmail } from "../../server/onboarding/service";
import { storage } from "../../server/storage";
import { getSealed } from "../../server/storage/sealed";
import { basic, call } from "../support/fixtures";
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

const NEW = "/v4/i/baas/onboarding/new";

async function readyForDocuments(auth: string) {
  const body = personProposal();
  const created = await call(api(), "POST", NEW, { auth, body });
  const [mail] = await emailsTo(auth, body.email as string);
  await verifyEmail(db(), tokenOf(mail?.links[0] as string));
  return created.json.data.userId as string;
}

describe("proposal validation", () => {
  it.each([
    ["a CPF with wrong check digits", { document: "12345678900" }, "document"],
    ["a CNPJ for a person", { document: "11222333000181" }, "document"],
    ["a phone without +55", { phone: "11987654321" }, "phone"],
    ["a bad e-mail", { email: "maria@" }, "email"],
    ["a person without birth date", { birthDate: undefined }, "birthDate"],
    ["a birth date in the future", { birthDate: "2999-01-01" }, "birthDate"],
    ["an impossible date", { birthDate: "1990-02-30" }, "birthDate"],
    [
      "an address without city",
      { address: { street: "R", number: "1", state: "SP", zipCode: "01000000" } },
      "address.city",
    ],
    ["an unknown field", { nickname: "Mari" }, "nickname"],
    ["a name too long", { name: "x".repeat(121) }, "name"],
  ])("refuses %s with a 400 and creates nothing", async (_label, overrides, field) => {
    const owner = await programmeOwner();
    const response = await call(api(), "POST", NEW, { auth: owner.auth, body: personProposal(overrides) });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(response.json.message).toContain(field);
    expect(await db().onboardingProposal.count({ where: { ownerId: owner.userId } })).toBe(0);
  });

  it("a company needs a CNPJ and takes no birth date", async () => {
    const owner = await programmeOwner();
    const company = { personType: "company", name: "ACME Ltda", document: "11.222.333/0001-81", birthDate: undefined };
    const ok = await call(api(), "POST", NEW, { auth: owner.auth, body: personProposal(company) });
    expect(ok.status).toBe(200);
    expect(ok.json.data.document).toBe("11.222.333/****-**");
    const withBirth = await call(api(), "POST", NEW, {
      auth: owner.auth,
      body: personProposal({ ...company, document: "11444777000161", birthDate: "1990-01-01" }),
    });
    expect(withBirth.status).toBe(400);
  });

  it("a second open proposal for the same document is a 409; another programme may have its own", async () => {
    const owner = await programmeOwner();
    const body = personProposal();
    expect((await call(api(), "POST", NEW, { auth: owner.auth, body })).status).toBe(200);
    const again = await call(api(), "POST", NEW, { auth: owner.auth, body: { ...body, email: "other@example.test" } });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("CONFLICT");
    const other = await programmeOwner();
    expect((await call(api(), "POST", NEW, { auth: other.auth, body })).status).toBe(200);
  });
});

describe("tenancy and scopes", () => {
  it("another programme owner sees nothing: 404 on every route, empty list", async () => {
    const owner = await programmeOwner();
    const userId = await readyForDocuments(owner.auth);
    const other = await programmeOwner();
    for (const [method, path] of [
      ["GET", `/v4/i/baas/onboarding/${userId}`],
      ["POST", `/v4/i/baas/onboarding/${userId}/resend-verification-email`],
    ] as const) {
      const response = await call(api(), method, path, { auth: other.auth });
      expect(response.status).toBe(404);
      expect(response.json.code).toBe("NOT_FOUND");
    }
    const upload = await uploadJson(other.auth, userId, { documentType: "RG", documentFront: PNG.toString("base64") });
    expect(upload.status).toBe(404);
    const list = await call(api(), "GET", "/v4/i/baas/onboarding/all", { auth: other.auth });
    expect(list.json.data).toEqual([]);
    expect(await db().onboardingFile.count({ where: { proposalId: userId } })).toBe(0);
  });

  it("a key without baas:onboarding gets 403 INSUFFICIENT_SCOPE", async () => {
    const owner = await programmeOwner();
    const key = await createApiKey(db(), {
      userId: owner.userId,
      scopes: ["balance:read"],
      ipWhitelist: ["127.0.0.1"],
    });
    const response = await call(api(), "POST", NEW, {
      auth: basic(key.clientId, key.clientSecret),
      body: personProposal(),
    });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe("INSUFFICIENT_SCOPE");
  });

  it("a malformed userId is a 400, an unknown one a 404", async () => {
    const owner = await programmeOwner();
    expect((await call(api(), "GET", "/v4/i/baas/onboarding/nope", { auth: owner.auth })).status).toBe(400);
    const unknown = await call(api(), "GET", "/v4/i/baas/onboarding/5a2f6a3e-8d7c-4b1a-9f00-000000000000", {
      auth: owner.auth,
    });
    expect(unknown.status).toBe(404);
  });
});

describe("documents", () => {
  afterEach(() => {
    delete process.env.UPLOAD_FILE_MAX_BYTES;
    resetConfigForTests();
  });

  it("are sniffed by content: a text file named .png is refused, nothing stored", async () => {
    const owner = await programmeOwner();
    const userId = await readyForDocuments(owner.auth);
    const fake = await uploadMultipart(owner.auth, userId, {
      documentType: "RG",
      documentFront: Buffer.from("hello, not an image"),
    });
    expect(fake.status).toBe(400);
    expect(fake.json.code).toBe("UNSUPPORTED_FILE_TYPE");
    expect(fake.json.message).toContain("JPEG, PNG or PDF");
    const refused: [string, Record<string, unknown>][] = [
      ["a PDF as selfie", { documentType: "PASSPORT", selfie: PDF.toString("base64") }],
      ["a JPEG as PDF", { documentType: "CNH_DIGITAL", documentPdf: JPEG.toString("base64") }],
      ["the wrong side", { documentType: "RG_FULL", documentBack: PNG.toString("base64") }],
      ["a bad document type", { documentType: "CPF", documentFront: PNG.toString("base64") }],
      ["not base64", { documentType: "RG", documentFront: "%%%%" }],
      ["no file", { documentType: "RG" }],
    ];
    for (const [what, body] of refused) expect((await uploadJson(owner.auth, userId, body)).status, what).toBe(400);
    expect(await db().onboardingFile.count({ where: { proposalId: userId } })).toBe(0);
  });

  it("larger than the limit is a 413, in both encodings, before decoding", async () => {
    process.env.UPLOAD_FILE_MAX_BYTES = "1024";
    resetConfigForTests();
    const owner = await programmeOwner();
    const userId = await readyForDocuments(owner.auth);
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const json = await uploadJson(owner.auth, userId, { documentType: "RG", documentFront: big.toString("base64") });
    expect(json.status).toBe(413);
    expect(json.json.code).toBe("PAYLOAD_TOO_LARGE");
    const form = await uploadMultipart(owner.auth, userId, { documentType: "RG", documentFront: big });
    expect(form.status).toBe(413);
    expect(await db().onboardingFile.count({ where: { proposalId: userId } })).toBe(0);
  });

  it("a body above the upload limit is refused before it is read", async () => {
    const owner = await programmeOwner();
    const userId = await readyForDocuments(owner.auth);
    const response = await call(api(), "POST", `/v4/i/baas/onboarding/${userId}/documents/upload`, {
      auth: owner.auth,
      rawBody: "{}",
      headers: { "content-length": String(64 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
  });

  it("are stored encrypted: the stored bytes are not the file, and decrypt back to it", async () => {
    const owner = await programmeOwner();
    const userId = await readyForDocuments(owner.auth);
    await uploadJson(owner.auth, userId, { documentType: "PASSPORT", documentFront: PNG.toString("base64") });
    const file = await db().onboardingFile.findFirstOrThrow({ where: { proposalId: userId } });
    expect(file.contentType).toBe("image/png");
    const stored = await storage().get(file.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(Buffer.from(chunk));
    const raw = Buffer.concat(chunks);
    expect(raw.includes(PNG.subarray(0, 8))).toBe(false);
    expect(raw.equals(PNG)).toBe(false);
    expect((await getSealed(file.storageKey))?.equals(PNG)).toBe(true);
  });

  it("a file sent again for the same side replaces the earlier one", async () => {
    const owner = await programmeOwner();
    const userId = await readyForDocuments(owner.auth);
    await uploadJson(owner.auth, userId, { documentType: "RG", documentFront: PNG.toString("base64") });
    const first = await db().onboardingFile.findFirstOrThrow({ where: { proposalId: userId } });
    await uploadJson(owner.auth, userId, { documentType: "RG", documentFront: JPEG.toString("base64") });
    const files = await db().onboardingFile.findMany({ where: { proposalId: userId } });
    expect(files).toHaveLength(1);
    expect(files[0]?.contentType).toBe("image/jpeg");
    expect(await storage().size(first.storageKey)).toBeNull();
  });
});

describe("hourly limits (interface 8)", () => {
  afterEach(() => {
    delete process.env.ONBOARDING_PROPOSALS_PER_HOUR;
    delete process.env.ONBOARDING_STATUS_PER_HOUR;
    delete process.env.ONBOARDING_UPLOADS_PER_HOUR;
    resetConfigForTests();
  });

  it("proposals: BAAS_RATE_LIMIT; status: RATE_LIMIT; uploads: BAAS_RATE_LIMIT — each with Retry-After", async () => {
    process.env.ONBOARDING_PROPOSALS_PER_HOUR = "2";
    process.env.ONBOARDING_STATUS_PER_HOUR = "1";
    process.env.ONBOARDING_UPLOADS_PER_HOUR = "1";
    resetConfigForTests();
    const app = createAccountApi();
    const owner = await programmeOwner();
    const first = await call(app, "POST", NEW, { auth: owner.auth, body: personProposal() });
    expect(first.status).toBe(200);
    await call(app, "POST", NEW, { auth: owner.auth, body: personProposal() });
    const third = await call(app, "POST", NEW, { auth: owner.auth, body: personProposal() });
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ code: "BAAS_RATE_LIMIT", status: 429, success: false });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await db().onboardingProposal.count({ where: { ownerId: owner.userId } })).toBe(2);

    const userId = first.json.data.userId;
    expect((await call(app, "GET", `/v4/i/baas/onboarding/${userId}`, { auth: owner.auth })).status).toBe(200);
    const status = await call(app, "GET", `/v4/i/baas/onboarding/${userId}`, { auth: owner.auth });
    expect(status.status).toBe(429);
    expect(status.json.code).toBe("RATE_LIMIT");
    expect(status.headers.get("x-ratelimit-remaining")).toBe("0");

    const path = `/v4/i/baas/onboarding/${userId}/documents/upload`;
    const body = { documentType: "RG", documentFront: PNG.toString("base64") };
    await call(app, "POST", path, { auth: owner.auth, body });
    const upload = await call(app, "POST", path, { auth: owner.auth, body });
    expect(upload.status).toBe(429);
    expect(upload.json.code).toBe("BAAS_RATE_LIMIT");
  });
});

describe("verification links", () => {
  it("work once, expire after 48 h, and a resend invalidates the earlier link", async () => {
    const owner = await programmeOwner();
    const body = personProposal();
    const created = await call(api(), "POST", NEW, { auth: owner.auth, body });
    const userId = created.json.data.userId;
    const [first] = await emailsTo(owner.auth, body.email as string);
    const resent = await call(api(), "POST", `/v4/i/baas/onboarding/${userId}/resend-verification-email`, {
      auth: owner.auth,
    });
    expect(resent.status).toBe(200);
    const mails = await emailsTo(owner.auth, body.email as string);
    expect(mails).toHaveLength(2);
    const second = mails[0];
    expect(second?.links[0]).not.toBe(first?.links[0]);
    expect(await verifyEmail(db(), tokenOf(first?.links[0] as string))).toBe("invalid");

    const token = tokenOf(second?.links[0] as string);
    const later = new Date(Date.now() + 48 * 3_600_000 + 1000);
    expect(await verifyEmail(db(), token, later)).toBe("expired");
    expect(await verifyEmail(db(), token)).toBe("verified");
    expect(await verifyEmail(db(), token)).toBe("invalid");
    expect(await verifyEmail(db(), "made-up")).toBe("invalid");

    const tokens = await db().emailVerificationToken.findMany({ where: { proposalId: userId } });
    expect(tokens.every((t) => !t.tokenHash.includes(token) && t.tokenHash.length === 64)).toBe(true);

    const again = await call(api(), "POST", `/v4/i/baas/onboarding/${userId}/resend-verification-email`, {
      auth: owner.auth,
    });
    expect(again.status).toBe(409);
  });

  it("sandbox e-mails are the caller's only", async () => {
    const owner = await programmeOwner();
    const body = personProposal();
    await call(api(), "POST", NEW, { auth: owner.auth, body });
    expect(await emailsTo(owner.auth, body.email as string)).toHaveLength(1);
    const other = await programmeOwner();
    expect(await emailsTo(other.auth, body.email as string)).toEqual([]);
    const bad = await call(api(), "GET", "/v4/i/sandbox/emails?to=nope", { auth: owner.auth });
    expect(bad.status).toBe(400);
  });
});
