import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as downloadRoute } from "../../app/api/statements/[id]/download/route";
import { accountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { processNextStatement } from "../../server/statements/generate";
import { REPORT_URL_TTL_MS, reportUrl } from "../../server/statements/signed-url";
import { basic, call } from "../support/fixtures";
import { aroundNow, deps, merchantWithEntries } from "./support";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const app = () => accountApi();

/** The download door itself, as Next.js calls it for the link's path. */
const download = (url: URL) => {
  const id = url.pathname.split("/").at(-2) as string;
  return downloadRoute(new Request(url), { params: Promise.resolve({ id }) });
};

/** The same link, as if fetched at `at`. */
async function downloadAt(url: URL, at: number) {
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  try {
    return await download(url);
  } finally {
    vi.useRealTimers();
  }
}

const STATEMENT_FIELDS = [
  "id",
  "status",
  "format",
  "accountId",
  "userId",
  "requestedBy",
  "startDate",
  "endDate",
  "options",
  "reportId",
  "reportPath",
  "sizeInMb",
  "errorMessage",
  "createdAt",
  "updatedAt",
].sort();

describe("statement endpoints on /v4/i", () => {
  let merchant: Awaited<ReturnType<typeof merchantWithEntries>>;
  let other: Awaited<ReturnType<typeof merchantWithEntries>>;

  beforeAll(async () => {
    merchant = await merchantWithEntries(2);
    other = await merchantWithEntries(0);
  });

  const post = (body: unknown, auth = merchant.auth) => call(app(), "POST", "/v4/i/ledger/extract", { auth, body });
  const get = (id: string, auth = merchant.auth) => call(app(), "GET", `/v4/i/ledger/extract/${id}`, { auth });

  it("POST answers 202 with { success, extractId, status: new }; GET shows exactly the 2.7 fields", async () => {
    const res = await post({ accountId: merchant.accountId, startDate: "2026-01-01", endDate: "2026-01-31" });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ success: true, requestId: expect.stringMatching(UUID) });
    expect(res.json.data).toEqual({ success: true, extractId: expect.stringMatching(UUID), status: "new" });

    const found = await get(res.json.data.extractId);
    expect(found.status).toBe(200);
    expect(Object.keys(found.json.data).sort()).toEqual(STATEMENT_FIELDS);
    expect(found.json.data).toMatchObject({
      id: res.json.data.extractId,
      status: "new",
      format: "pdf",
      accountId: merchant.accountId,
      userId: merchant.userId,
      requestedBy: merchant.clientId,
      startDate: Date.parse("2026-01-01T03:00:00.000Z"),
      endDate: Date.parse("2026-02-01T02:59:59.999Z"),
      reportId: null,
      reportPath: null,
      sizeInMb: 0,
      errorMessage: null,
    });
    expect(Object.values(found.json.data.options.sections).every(Boolean)).toBe(true);
    expect(Object.values(found.json.data.options.columns).every(Boolean)).toBe(true);
  });

  it("POST answers 400 for each broken rule, and creates nothing", async () => {
    const before = await db().statement.count({ where: { userId: merchant.userId } });
    const cases: [unknown, string][] = [
      [{ startDate: 1, endDate: 2 }, "accountId"],
      [
        { accountId: merchant.accountId, startDate: "2026-02-02", endDate: "2026-02-01" },
        "startDate must be on or before endDate",
      ],
      [
        { accountId: merchant.accountId, startDate: "2024-01-01", endDate: "2024-12-31" },
        "the period must be at most 365 days",
      ],
      [{ accountId: merchant.accountId, startDate: "2026-02-30", endDate: "2026-03-01" }, "startDate"],
      [{ accountId: merchant.accountId, startDate: 1, endDate: 2, format: "xlsx" }, "format"],
      [
        { accountId: merchant.accountId, startDate: 1, endDate: 2, options: { columns: { iban: true } } },
        "options.columns",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
      expect(res.json.message).toContain(message);
    }
    expect((await call(app(), "POST", "/v4/i/ledger/extract", { auth: merchant.auth, rawBody: "{" })).status).toBe(400);
    expect(await db().statement.count({ where: { userId: merchant.userId } })).toBe(before);
  });

  it("POST answers 403 for another merchant's account or an unknown one, and without the scope", async () => {
    for (const accountId of [other.accountId, "999999999999"]) {
      const res = await post({ accountId, startDate: 1, endDate: 2 });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: "FORBIDDEN", message: "No permission for this account" });
    }
    const limited = await createApiKey(db(), {
      userId: merchant.userId,
      ipWhitelist: ["127.0.0.1"],
      scopes: ["ledger_extract:get"],
    });
    const res = await post(
      { accountId: merchant.accountId, startDate: 1, endDate: 2 },
      basic(limited.clientId, limited.clientSecret),
    );
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      message: "API key lacks the scope ledger_extract:create",
    });
  });

  it("answers 401 without credentials", async () => {
    expect((await post({ accountId: merchant.accountId, startDate: 1, endDate: 2 }, "")).status).toBe(401);
    expect((await get("00000000-0000-4000-8000-000000000000", "")).status).toBe(401);
    expect((await call(app(), "GET", "/v4/i/ledger/extract", {})).status).toBe(401);
  });

  it("GET answers 404 for unknown, malformed and other merchants' ids, 403 without the scope", async () => {
    const theirs = await post({ accountId: other.accountId, startDate: 1, endDate: 2 }, other.auth);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", theirs.json.data.extractId]) {
      const res = await get(id);
      expect(res.status, id).toBe(404);
      expect(res.json).toMatchObject({ code: "NOT_FOUND", message: "Statement not found" });
    }
    const limited = await createApiKey(db(), {
      userId: other.userId,
      ipWhitelist: ["127.0.0.1"],
      scopes: ["ledger_extract:create"],
    });
    const res = await get(theirs.json.data.extractId, basic(limited.clientId, limited.clientSecret));
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("INSUFFICIENT_SCOPE");
    const list = await call(app(), "GET", "/v4/i/ledger/extract", {
      auth: basic(limited.clientId, limited.clientSecret),
    });
    expect(list.status).toBe(403);
  });

  it("lists the caller's statements newest first, paginated", async () => {
    const lister = await merchantWithEntries(0);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await post({ accountId: lister.accountId, startDate: 1, endDate: 2 + i }, lister.auth)).json.data.extractId,
      );
    }
    const page1 = await call(app(), "GET", "/v4/i/ledger/extract?limit=2", { auth: lister.auth });
    expect(page1.status).toBe(200);
    expect(page1.json.pagination).toEqual({ page: 1, limit: 2, orderBy: "desc", total: 3, totalPages: 2 });
    expect(page1.json.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const page2 = await call(app(), "GET", "/v4/i/ledger/extract?limit=2&page=2", { auth: lister.auth });
    expect(page2.json.data.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expect((await call(app(), "GET", "/v4/i/ledger/extract?limit=500", { auth: lister.auth })).status).toBe(400);
  });

  describe("when done", () => {
    let id: string;
    beforeAll(async () => {
      id = (await post({ accountId: merchant.accountId, format: "csv", ...aroundNow() })).json.data.extractId;
      await processNextStatement(deps(), id);
    });

    it("GET gives a reportUrl on APP_URL, signed afresh on each call, and the file's size", async () => {
      const first = await get(id);
      expect(first.json.data).toMatchObject({ status: "done", errorMessage: null, reportPath: `statements/${id}.csv` });
      expect(first.json.data.sizeInMb).toBeGreaterThan(0);
      const url = new URL(first.json.data.reportUrl);
      expect(url.origin).toBe("http://localhost:3000");
      expect(url.pathname).toBe(`/api/statements/${id}/download`);
      const expires = Number(url.searchParams.get("expires"));
      expect(expires - Date.now()).toBeGreaterThan(REPORT_URL_TTL_MS - 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(REPORT_URL_TTL_MS);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await get(id);
      expect(second.json.data.reportUrl).not.toBe(first.json.data.reportUrl);
    });

    it("downloads through the signed link with no credentials, streamed with a meaningful file name", async () => {
      const url = new URL((await get(id)).json.data.reportUrl);
      const res = await download(url);
      expect(res.status).toBe(200);
      // Every section by default: one CSV each, in a zip (decision 0025).
      expect(res.headers.get("content-type")).toBe("application/zip");
      expect(res.headers.get("content-disposition")).toMatch(
        new RegExp(
          `^attachment; filename="extrato-${merchant.accountId}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`,
        ),
      );
      const body = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get("content-length"))).toBe(body.length);
      const files = unzipSync(body);
      expect(Object.keys(files)).toEqual([
        "resumo.csv",
        "movimentacao-mensal.csv",
        "resumo-por-tipo.csv",
        "lancamentos.csv",
      ]);
      expect(Buffer.from(files["lancamentos.csv"] as Uint8Array).toString("utf8")).toContain(";Pix recebido;");
    });

    it("refuses an expired link and a tampered one with 403", async () => {
      const url = new URL((await get(id)).json.data.reportUrl);
      const expired = await downloadAt(url, Date.now() + REPORT_URL_TTL_MS + 1000);
      expect(expired.status).toBe(403);
      expect(await expired.json()).toMatchObject({ code: "FORBIDDEN", message: "Download link expired or invalid" });

      const longer = new URL(url);
      longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 86_400_000));
      const badSignature = new URL(url);
      badSignature.searchParams.set("signature", `${url.searchParams.get("signature")?.slice(0, -2)}AA`);
      const noSignature = new URL(url);
      noSignature.searchParams.delete("signature");
      for (const tampered of [longer, badSignature, noSignature]) {
        expect((await download(tampered)).status).toBe(403);
      }
      // Another statement's id with this one's signature.
      const otherId = (await post({ accountId: merchant.accountId, startDate: 1, endDate: 2 })).json.data.extractId;
      const swapped = new URL(url);
      swapped.pathname = swapped.pathname.replace(id, otherId);
      expect((await download(swapped)).status).toBe(403);
    });

    it("answers 404 to a genuine link of a statement that has no file yet", async () => {
      const pending = (await post({ accountId: merchant.accountId, startDate: 1, endDate: 2 })).json.data.extractId;
      const res = await download(new URL(reportUrl(pending, new Date())));
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({
        success: false,
        code: "NOT_FOUND",
        message: "Statement file not found",
      });
    });
  });
});
