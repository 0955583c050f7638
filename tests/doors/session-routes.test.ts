/**
 * The dashboard's own route handlers (app/api), called as Next.js calls them: who may call each,
 * and the one error shape of every refusal.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as health } from "../../app/api/health/route";
import { GET as receipt } from "../../app/api/ledger/[entryId]/receipt/route";
import { GET as ledgerExport } from "../../app/api/ledger/export/route";
import { GET as kycFile } from "../../app/api/onboarding/files/[fileId]/route";
import type { SessionUser } from "../../server/auth/next-auth";
import { db } from "../../server/db/client";
import { verifyEmail } from "../../server/onboarding/service";
import { party, seedEntry, seedUnsettledPayment, UNSETTLED } from "../analytics/support";
import { api, emailsTo, PNG, personProposal, programmeOwner, tokenOf, uploadJson } from "../onboarding/support";
import { pdfText } from "../statements/support";
import { centsOf, readCsv, recordsOf } from "../support/csv";
import { call, newMerchant } from "../support/fixtures";

let session: SessionUser | null = null;
vi.mock("../../server/auth/next-auth", async (original) => ({
  ...(await original<typeof import("../../server/auth/next-auth")>()),
  getSession: async () => (session ? { user: session, expires: "" } : null),
}));

let databaseDown = false;
vi.mock("../../server/db/client", async (original) => {
  const real = await original<typeof import("../../server/db/client")>();
  const broken = { $queryRaw: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) };
  return { ...real, db: () => (databaseDown ? broken : real.db()) };
});

const merchantSession = (userId: string): SessionUser => ({
  id: userId,
  role: "MERCHANT",
  name: "Loja",
  email: "l@x.test",
});
const UUID = /^[0-9a-f-]{36}$/;
const refusalOf = (status: number, code: string) => ({
  requestId: expect.stringMatching(UUID),
  status,
  success: false,
  code,
  message: expect.any(String),
});

const get = (path: string) => new Request(`http://localhost:3000${path}`);

describe("the ledger's downloads", () => {
  let shop: Awaited<ReturnType<typeof newMerchant>>;
  let entryId: string;

  beforeAll(async () => {
    shop = await newMerchant();
    const entry = await seedEntry(shop, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 4_200n,
      at: "2026-11-18T12:00:00Z",
      payer: party("Maria Silva", "52998224725"),
    });
    entryId = entry.id;
  });
  beforeEach(() => {
    session = merchantSession(shop.userId);
  });

  const receiptOf = (id: string) =>
    receipt(get(`/api/ledger/${id}/receipt`), { params: Promise.resolve({ entryId: id }) });

  it("GET /api/ledger/{entryId}/receipt answers the owner with the PDF, as a download", async () => {
    const res = await receiptOf(entryId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="comprovante-${entryId}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("GET /api/ledger/{entryId}/receipt is named and written in the dashboard's language", async () => {
    const request = new Request(`http://localhost:3000/api/ledger/${entryId}/receipt`, {
      headers: { cookie: "theme=dark; locale=en" },
    });
    const res = await receipt(request, { params: Promise.resolve({ entryId }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="receipt-${entryId}.pdf"`);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain("PIX receipt");
    expect(text).toContain("PIX settled");
    expect(text).not.toContain("Comprovante");
  });

  it("GET /api/ledger/{entryId}/receipt: 409 for a payment not settled, processing or failed", async () => {
    for (const status of UNSETTLED) {
      const pending = await seedUnsettledPayment(shop, status, party("João Souza", "11144477735"));
      const res = await receiptOf(pending.id);
      expect(res.status, status).toBe(409);
      expect(await res.json()).toEqual({ ...refusalOf(409, "CONFLICT"), reason: "RECEIPT_NOT_SETTLED" });
    }
  });

  it("GET /api/ledger/{entryId}/receipt: 404 for a malformed id and for another merchant's entry", async () => {
    session = merchantSession((await newMerchant()).userId);
    const foreign = await receiptOf(entryId);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(refusalOf(404, "NOT_FOUND"));
    expect((await receiptOf("not-an-entry")).status).toBe(404);
  });

  it("GET /api/ledger/export streams the signed-in merchant's entries as CSV", async () => {
    const res = await ledgerExport(get("/api/ledger/export"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="lancamentos-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = Buffer.from(await res.arrayBuffer());
    expect(csv.subarray(0, 3).toString("hex")).toBe("efbbbf");
    expect(csv.toString("utf8")).toContain(";42,00;");
  });

  it("GET /api/ledger/export speaks the dashboard's language and defuses formulas in every text cell", async () => {
    const hostile = await newMerchant();
    session = merchantSession(hostile.userId);
    await seedEntry(hostile, {
      type: "credit",
      reason: "pix_in:credited",
      grossCents: 1_000n,
      at: "2026-11-18T12:00:00Z",
      payer: party('=HYPERLINK("http://evil.invalid","pague")', "52998224725"),
    });
    await seedEntry(hostile, {
      type: "debit",
      reason: "pix_out:processing",
      grossCents: 250n,
      at: "2026-11-18T13:00:00Z",
      receiver: party("-2+3", "52998224725"),
    });

    const english = await ledgerExport(
      new Request("http://localhost:3000/api/ledger/export", { headers: { cookie: "locale=en" } }),
    );
    expect(english.headers.get("content-disposition")).toMatch(
      /^attachment; filename="entries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = recordsOf(readCsv(Buffer.from(await english.arrayBuffer()), "en"));
    expect(rows.map((r) => r["Payer/receiver"])).toEqual([
      "'-2+3 (***.982.247-**)",
      `'=HYPERLINK("http://evil.invalid","pague") (***.982.247-**)`,
    ]);
    expect(rows.map((r) => centsOf(r["Net amount"], "en"))).toEqual([-250n, 1_000n]);

    const portuguese = await ledgerExport(get("/api/ledger/export"));
    const text = Buffer.from(await portuguese.arrayBuffer()).toString("utf8");
    expect(text).not.toMatch(/(^|[;\n])"?[=+@-][^\d]/);
    const ptRows = recordsOf(readCsv(text, "pt-BR"));
    expect(ptRows[0]?.["Pagador/recebedor"]).toBe("'-2+3 (***.982.247-**)");
    expect(ptRows.map((r) => centsOf(r["Valor líquido"], "pt-BR"))).toEqual([-250n, 1_000n]);
  });

  it("GET /api/ledger/export: 400 for a filter that does not parse or a reversed range", async () => {
    const unparsed = await ledgerExport(get("/api/ledger/export?startDate=yesterday"));
    expect(unparsed.status).toBe(400);
    expect(await unparsed.json()).toEqual(refusalOf(400, "VALIDATION_ERROR"));
    const reversed = await ledgerExport(get("/api/ledger/export?startDate=10&endDate=5"));
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: expect.stringMatching(/startDate/),
    });
  });
});

describe("GET /api/onboarding/files/{fileId}", () => {
  let owner: Awaited<ReturnType<typeof programmeOwner>>;
  let fileId: string;

  beforeAll(async () => {
    owner = await programmeOwner();
    const body = personProposal();
    const created = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body });
    const userId = created.json.data.userId as string;
    const [mail] = await emailsTo(owner.auth, body.email as string);
    await verifyEmail(db(), tokenOf(mail?.links[0] as string));
    await uploadJson(owner.auth, userId, { documentType: "PASSPORT", documentFront: PNG.toString("base64") });
    fileId = (await db().onboardingFile.findFirstOrThrow({ where: { proposalId: userId } })).id;
  });

  const fileOf = (id: string) =>
    kycFile(get(`/api/onboarding/files/${id}`), { params: Promise.resolve({ fileId: id }) });

  it("serves the file inline to the programme owner and to an administrator", async () => {
    session = merchantSession(owner.userId);
    const res = await fileOf(fileId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="PASSPORT-documentFront.png"');
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    session = { id: (await newMerchant()).userId, role: "ADMIN", name: "Admin", email: "a@x.test" };
    expect((await fileOf(fileId)).status).toBe(200);
  });

  it("404 to anyone else and for an id that is not one", async () => {
    session = merchantSession((await newMerchant()).userId);
    const foreign = await fileOf(fileId);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(refusalOf(404, "NOT_FOUND"));
    expect((await fileOf("../../etc/passwd")).status).toBe(404);
  });
});

describe("without a session", () => {
  const routes = {
    "GET /api/ledger/{entryId}/receipt": () =>
      receipt(get("/api/ledger/x/receipt"), { params: Promise.resolve({ entryId: "x" }) }),
    "GET /api/ledger/export": () => ledgerExport(get("/api/ledger/export")),
    "GET /api/onboarding/files/{fileId}": () =>
      kycFile(get("/api/onboarding/files/x"), { params: Promise.resolve({ fileId: "x" }) }),
  };

  it.each(Object.entries(routes))("%s answers 401 in the one error shape", async (_, send) => {
    session = null;
    const res = await send();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(refusalOf(401, "UNAUTHORIZED"));
  });
});

describe("GET /api/health", () => {
  it("200 while the database answers, 503 without a word of the driver's error when it does not", async () => {
    session = null;
    const up = await health(get("/api/health"));
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "ok", database: "ok" });

    databaseDown = true;
    try {
      const down = await health(get("/api/health"));
      expect(down.status).toBe(503);
      expect(down.headers.get("cache-control")).toBe("no-store");
      const body = await down.text();
      expect(JSON.parse(body)).toEqual({ status: "degraded", database: "unreachable" });
      expect(body).not.toContain("ECONNREFUSED");
    } finally {
      databaseDown = false;
    }
  });
});
