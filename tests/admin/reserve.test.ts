/**
 * The back office's settlement account: the tRPC report and its CSV download, for administrators
 * only. The reserve is platform-wide, so this file reads a database of its own (db() answers with
 * it): other files' PIX would change every figure.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as reserveExport } from "../../app/api/admin/reserve/export/route";
import type { SessionUser } from "../../server/auth/next-auth";
import { createDb } from "../../server/db/client";
import { newEndToEndId } from "../../server/ledger/ids";
import { receive } from "../../server/ledger/verbs";
import { saoPauloDate } from "../../server/time";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createRunDatabase, type RunDatabase } from "../support/database";
import { newMerchant } from "../support/fixtures";
import { standIn } from "../support/stand-ins";

vi.mock("../../server/db/client", async (original) => (await import("../support/stand-ins")).dbClient(original));

vi.mock("../../server/auth/next-auth", async (original) => (await import("../support/stand-ins")).nextAuth(original));

const admin: SessionUser = { id: randomUUID(), role: "ADMIN", name: "Ops", email: "ops@example.test" };
const merchantUser: SessionUser = { id: randomUUID(), role: "MERCHANT", name: "Loja", email: "loja@example.test" };
const caller = (user: SessionUser | null) => createCallerFactory(appRouter)({ user });

let run: RunDatabase;

beforeAll(async () => {
  run = await createRunDatabase("pix_admin_reserve");
  standIn.db = createDb(run.url, 4);
  const dbx = standIn.db;
  const shop = await newMerchant({ name: "Padaria Central", database: dbx });
  const pixIn = (grossCents: bigint) =>
    dbx.$transaction((tx) =>
      receive(tx, {
        endToEndId: newEndToEndId("E", "99999999"),
        accountId: shop.accountId,
        userId: shop.userId,
        reason: "pix_in:credited",
        grossCents,
      }),
    );
  // 1 234,56 received at 21:00 on 30 November in São Paulo; 123,45 today.
  await pixIn(123_456n);
  await dbx.$executeRaw`UPDATE ledger_postings SET created_at = ${new Date("2026-12-01T00:00:00Z")}`;
  await pixIn(12_345n);
});

afterAll(async () => {
  const dbx = standIn.db;
  standIn.db = null;
  await dbx?.$disconnect();
  await run?.release();
});

describe("back office: the settlement account", () => {
  it("gives an administrator the days of the period, the last 30 by default, today's last", async () => {
    const ops = caller(admin);
    expect(await ops.adminReserve.days({ from: "2026-11-30", to: "2026-12-01" })).toEqual({
      from: "2026-11-30",
      to: "2026-12-01",
      days: [
        { day: "2026-11-30", openingCents: 0n, creditsCents: 123_456n, debitsCents: 0n, closingCents: 123_456n },
        { day: "2026-12-01", openingCents: 123_456n, creditsCents: 0n, debitsCents: 0n, closingCents: 123_456n },
      ],
    });
    const recent = await ops.adminReserve.days({});
    expect(recent.days).toHaveLength(30);
    expect(recent.days.at(-1)).toMatchObject({ day: saoPauloDate(new Date()), closingCents: 135_801n });
    await expect(ops.adminReserve.days({ from: "2026-12-02", to: "2026-12-01" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("refuses anyone but an administrator", async () => {
    await expect(caller(merchantUser).adminReserve.days({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller(null).adminReserve.days({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("back office: the settlement account's CSV", () => {
  const download = (query: string, locale?: "en") =>
    reserveExport(
      new Request(`http://localhost:3000/api/admin/reserve/export?${query}`, {
        headers: locale ? { cookie: `locale=${locale}` } : {},
      }),
    );
  /** The body as written, BOM included (Response.text() drops it). */
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer()).toString("utf8");
  beforeEach(() => {
    standIn.session = admin;
  });

  it("downloads the page's rows in pt-BR: headers, `;`, decimal commas, the file named in Portuguese", async () => {
    const res = await download("from=2026-11-30&to=2026-12-01");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="conta-de-liquidacao-2026-11-30-2026-12-01.csv"',
    );
    expect(await bytes(res)).toBe(
      "\uFEFFDia;Saldo inicial;Entradas;Saídas;Saldo final\r\n" +
        "2026-11-30;0,00;1234,56;0,00;1234,56\r\n" +
        "2026-12-01;1234,56;0,00;0,00;1234,56\r\n",
    );
  });

  it("in English for a reader who chose it", async () => {
    const res = await download("from=2026-11-30&to=2026-11-30", "en");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="settlement-account-2026-11-30-2026-11-30.csv"',
    );
    expect(await bytes(res)).toBe(
      "\uFEFFDay,Opening balance,Money in,Money out,Closing balance\r\n2026-11-30,0.00,1234.56,0.00,1234.56\r\n",
    );
  });

  it("refuses a merchant (403), no session (401) and a malformed period (400)", async () => {
    standIn.session = merchantUser;
    expect((await download("")).status).toBe(403);
    standIn.session = null;
    expect((await download("")).status).toBe(401);
    standIn.session = admin;
    const bad = await download("from=2026-13-01");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, status: 400 });
  });
});
