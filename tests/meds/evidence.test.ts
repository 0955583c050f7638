/** MED evidence: the upload door, the signed file links and the dashboard's defense (tRPC). */
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as download } from "../../app/api/meds/evidence/[id]/route";
import { POST as upload } from "../../app/api/meds/evidence/route";
import { accountApi } from "../../server/account-api/app";
import type { SessionUser } from "../../server/auth/next-auth";
import { config } from "../../server/config";
import { db } from "../../server/db/client";
import { DEFAULT_UPLOAD_FILE_MAX_BYTES } from "../../server/fields/uploads";
import { EVIDENCE_LINK_TTL_MS } from "../../server/meds/evidence";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { call, fundedMerchant } from "../support/fixtures";

let session: SessionUser | null = null;
vi.mock("../../server/auth/next-auth", async (original) => ({
  ...(await original<typeof import("../../server/auth/next-auth")>()),
  getSession: async () => (session ? { user: session, expires: "" } : null),
}));

type Shop = Awaited<ReturnType<typeof fundedMerchant>>;
const userOf = (shop: Shop): SessionUser => ({ id: shop.userId, role: "MERCHANT", name: "Loja", email: "l@x.test" });
const callerFor = (shop: Shop) => createCallerFactory(appRouter)({ user: userOf(shop) });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

function post(e2e: string, body: BodyInit | null, name = "prova.pdf", headers: Record<string, string> = {}) {
  const origin = new URL(config().APP_URL).origin;
  return upload(
    new Request(`${origin}/api/meds/evidence?endToEndId=${e2e}`, {
      method: "POST",
      headers: { origin, "x-file-name": encodeURIComponent(name), ...headers },
      body,
      duplex: "half",
    } as RequestInit),
  );
}

const get = (url: string) => {
  const id = new URL(url).pathname.split("/").pop() as string;
  return download(new Request(url), { params: Promise.resolve({ id }) });
};

async function openMed(shop: Shop, amount: number): Promise<string> {
  const credit = await call(accountApi(), "POST", "/v4/i/sandbox/pix/in/credit", {
    auth: shop.auth,
    body: { accountId: shop.accountId, amount },
  });
  const e2e = credit.json.data.endToEndId as string;
  const opened = await call(accountApi(), "POST", "/v4/i/sandbox/meds", { auth: shop.auth, body: { endToEndId: e2e } });
  expect(opened.status).toBe(200);
  return e2e;
}

const storedFilesOf = async (e2e: string) => {
  const med = await db().med.findFirstOrThrow({ where: { endToEndId: e2e } });
  const [row] = await db().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM stored_files WHERE key LIKE ${`med-evidence/${med.id}/%`}`;
  return { rows: await db().medEvidence.count({ where: { medId: med.id } }), files: row?.n ?? 0 };
};

describe("MED evidence", () => {
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    shop = await fundedMerchant(0n);
    other = await fundedMerchant(0n);
  });
  beforeEach(() => {
    session = userOf(shop);
  });

  it("takes a PDF and a PNG by content, serves them inline by signed link, and the defense carries the links", async () => {
    const e2e = await openMed(shop, 30);
    const pdf = await post(e2e, PDF, "comprovante.pdf");
    expect(pdf.status).toBe(201);
    const png = await post(e2e, PNG, "tela.txt");
    expect(png.status).toBe(201);
    const file = await pdf.json();
    expect(file).toMatchObject({ fileName: "comprovante.pdf", contentType: "application/pdf", sizeBytes: PDF.length });
    expect((await png.json()).contentType).toBe("image/png");
    expect(file.url).toMatch(new RegExp(`^${config().APP_URL}/api/meds/evidence/${file.id}\\?expires=\\d+&signature=`));

    const served = await get(file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^inline; filename="comprovante.pdf"/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

    const caller = callerFor(shop);
    expect((await caller.meds.get({ endToEndId: e2e })).evidence.map((f) => f.fileName)).toEqual([
      "comprovante.pdf",
      "tela.txt",
    ]);
    const submitted = await caller.meds.submitDefense({ endToEndId: e2e, description: "Entregue ao cliente." });
    expect(submitted.defense?.description).toBe("Entregue ao cliente.");
    expect(submitted.defense?.files.map((f) => f.evidence?.fileName)).toEqual(["comprovante.pdf", "tela.txt"]);
    const stored = await db().med.findFirstOrThrow({ where: { endToEndId: e2e } });
    expect(stored.defenseFiles).toHaveLength(2);
    expect(stored.defenseFiles[0]).toContain(`/api/meds/evidence/${file.id}?expires=`);
    expect((await get(stored.defenseFiles[0] as string)).status).toBe(200);

    // read-only once submitted: no more files, no second defense
    const late = await post(e2e, PDF);
    expect(late.status).toBe(409);
    await expect(caller.meds.submitDefense({ endToEndId: e2e, description: "de novo" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(caller.meds.removeEvidence({ id: file.id })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("stores photos without their EXIF: a JPEG with GPS coordinates comes back with no metadata, upright", async () => {
    // a 16×8 photo as a phone writes it: camera, GPS, and "rotate 90° to view" (orientation 6)
    const photo = await sharp({ create: { width: 16, height: 8, channels: 3, background: "#3a6" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "23/1 33/1 0/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "46/1 38/1 0/1",
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneMaker");
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(
      true, // the GPS IFD pointer tag
    );
    expect(before.orientation).toBe(6);

    const e2e = await openMed(shop, 12);
    const res = await post(e2e, photo, "entrega.jpg");
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({ fileName: "entrega.jpg", contentType: "image/jpeg" });
    const served = await get(file.url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(file.sizeBytes).toBe(bytes.length);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 8, height: 16 });
    expect({ exif: after.exif, xmp: after.xmp, iptc: after.iptc, orientation: after.orientation }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      orientation: undefined,
    });
    expect(bytes.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
  });

  it("refuses an image whose bytes only start like one (400), and keeps nothing", async () => {
    const e2e = await openMed(shop, 6);
    const broken = Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await post(e2e, broken, "foto.png");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "UNSUPPORTED_FILE_TYPE" });
    expect(await storedFilesOf(e2e)).toEqual({ rows: 0, files: 0 });
  });

  it("refuses a .pdf that is really HTML (400 UNSUPPORTED_FILE_TYPE), and keeps nothing", async () => {
    const e2e = await openMed(shop, 5);
    const res = await post(e2e, HTML, "boleto.pdf", { "content-type": "application/pdf" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "UNSUPPORTED_FILE_TYPE" });
    expect(await storedFilesOf(e2e)).toEqual({ rows: 0, files: 0 });
    expect((await post(e2e, Buffer.alloc(0))).status).toBe(400);
  });

  it("refuses over 10 MB: by Content-Length before reading, and while streaming otherwise (413)", async () => {
    const e2e = await openMed(shop, 5);
    let pulled = 0;
    const counting = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const declared = await post(e2e, counting, "big.pdf", {
      "content-length": String(DEFAULT_UPLOAD_FILE_MAX_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(pulled).toBeLessThanOrEqual(1); // the stream's own first pull, never the body's reading

    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    PDF.copy(chunk);
    const streaming = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 30 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(chunk));
      },
    });
    const streamed = await post(e2e, streaming, "big.pdf");
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(16 * 1024 * 1024); // stopped near the limit (a few chunks buffered), the rest unread
    expect(await storedFilesOf(e2e)).toEqual({ rows: 0, files: 0 });
  });

  it("takes at most 10 files per MED (409 TOO_MANY_FILES), and one removed makes room", async () => {
    const e2e = await openMed(shop, 5);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await post(e2e, PDF, `p${i}.pdf`);
      expect(res.status).toBe(201);
      ids.push((await res.json()).id);
    }
    const eleventh = await post(e2e, PDF, "p10.pdf");
    expect(eleventh.status).toBe(409);
    expect(await eleventh.json()).toMatchObject({ code: "TOO_MANY_FILES" });
    await callerFor(shop).meds.removeEvidence({ id: ids[0] as string });
    expect(await storedFilesOf(e2e)).toEqual({ rows: 9, files: 9 });
    expect((await post(e2e, PDF, "p10.pdf")).status).toBe(201);
  });

  it("hides a MED and its files from another merchant (404), and refuses without a session or from another site", async () => {
    const e2e = await openMed(shop, 5);
    const file = await (await post(e2e, PDF)).json();
    session = userOf(other);
    const res = await post(e2e, PDF);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
    const caller = callerFor(other);
    await expect(caller.meds.get({ endToEndId: e2e })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.meds.removeEvidence({ id: file.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.meds.submitDefense({ endToEndId: e2e, description: "minha" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await caller.meds.list({ page: 1, limit: 50 })).total).toBe(0);

    session = null;
    expect((await post(e2e, PDF)).status).toBe(401);
    session = userOf(shop);
    expect((await post(e2e, PDF, "x.pdf", { origin: "https://evil.example" })).status).toBe(403);
  });

  it("answers 403 to a tampered, expired or unsigned link, and 404 to a genuine link of a removed file", async () => {
    const e2e = await openMed(shop, 5);
    const file = await (await post(e2e, PDF)).json();
    const url = new URL(file.url);
    const tampered = new URL(url);
    tampered.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 1));
    expect((await get(tampered.toString())).status).toBe(403);
    const signature = new URL(url);
    signature.searchParams.set("signature", `${url.searchParams.get("signature")?.slice(0, -2)}AA`);
    expect((await get(signature.toString())).status).toBe(403);
    expect((await get(`${url.origin}${url.pathname}`)).status).toBe(403);
    // another file's signature on this id
    const second = new URL((await (await post(e2e, PNG, "b.png")).json()).url);
    const swapped = new URL(second);
    swapped.pathname = url.pathname;
    expect((await get(swapped.toString())).status).toBe(403);

    vi.useFakeTimers({ now: Date.now() + EVIDENCE_LINK_TTL_MS + 1000, toFake: ["Date"] });
    try {
      expect((await get(file.url)).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
    await callerFor(shop).meds.removeEvidence({ id: file.id });
    expect((await get(file.url)).status).toBe(404);
  });

  it("refuses a defense after the deadline (DEADLINE_EXPIRED) and a description over 5000 characters", async () => {
    const e2e = await openMed(shop, 5);
    const caller = callerFor(shop);
    await expect(caller.meds.submitDefense({ endToEndId: e2e, description: "x".repeat(5001) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await db().med.updateMany({ where: { endToEndId: e2e }, data: { defenseDeadline: new Date(Date.now() - 1000) } });
    await expect(caller.meds.submitDefense({ endToEndId: e2e, description: "tarde" })).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message: "the defense deadline has passed",
    });
    const res = await post(e2e, PDF);
    expect(await res.json()).toMatchObject({ code: "DEADLINE_EXPIRED", status: 422 });
  });

  it("lists with status and period filters, blocked and owed amounts", async () => {
    const fresh = await fundedMerchant(0n);
    session = userOf(fresh);
    const e2e = await openMed(fresh, 12);
    const caller = callerFor(fresh);
    const all = await caller.meds.list({ page: 1, limit: 20 });
    expect(all.total).toBe(1);
    expect(all.meds[0]).toMatchObject({
      endToEndId: e2e,
      status: "under_analysis",
      disputedCents: 1200n,
      owedCents: 0n,
    });
    expect((await caller.meds.list({ status: "accepted", page: 1, limit: 20 })).total).toBe(0);
    expect((await caller.meds.list({ startDate: Date.now() + 60_000, page: 1, limit: 20 })).total).toBe(0);
    expect((await caller.meds.list({ endDate: Date.now() - 3_600_000, page: 1, limit: 20 })).total).toBe(0);
    const detail = await caller.meds.get({ endToEndId: e2e });
    expect(detail).toMatchObject({ blockedCents: 1200n, transaction: { endToEndId: e2e, grossCents: 1200n } });
  });
});
