/**
 * The back office's view of the PIX network (server/pix/monitoring.ts, adminNetwork.status): the
 * readers of the SPI's stream, the last 24 hours of messages with the answer times' p50 and p99,
 * the payments waiting past 30 s for a decision or past 60 s for their settlement, and the
 * admi.002 received — each figure against rows written here, with a fixed `now`. The view is
 * platform-wide, so this file reads a database of its own (db() answers with it).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../server/auth/next-auth";
import { createDb, type Db } from "../../server/db/client";
import { admi002Reason, networkCheck, networkStatus } from "../../server/pix/monitoring";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createRunDatabase, type RunDatabase } from "../support/database";
import { standIn } from "../support/stand-ins";

vi.mock("../../server/db/client", async (original) => (await import("../support/stand-ins")).dbClient(original));

const admin: SessionUser = { id: randomUUID(), role: "ADMIN", name: "Ops", email: "ops@example.test" };
const merchantUser: SessionUser = { id: randomUUID(), role: "MERCHANT", name: "Loja", email: "loja@example.test" };
const caller = (user: SessionUser | null) => createCallerFactory(appRouter)({ user });

const NOW = new Date("2026-12-01T15:20:00.000Z");
const at = (msBefore: number) => new Date(NOW.getTime() - msBefore);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const admi002Xml = (ref: string, code: string, text: string) =>
  '<?xml version="1.0" encoding="UTF-8"?><Envelope xmlns="https://www.bcb.gov.br/pi/admi.002/1.3">' +
  "<AppHdr><BizMsgIdr>M00038166ADMI0000000000000000001</BizMsgIdr></AppHdr>" +
  `<Document><admi.002.001.01><RltdRef><Ref>${ref}</Ref></RltdRef><Rsn><RjctgPtyRsn>${code}</RjctgPtyRsn>` +
  `<RsnDesc>${text}</RsnDesc></Rsn></admi.002.001.01></Document></Envelope>`;

let run: RunDatabase;
let seq = 0;
const e2e = () => `E99999999202612011520${String(++seq).padStart(11, "0")}`;

async function message(
  dbx: Db,
  fields: { direction: "in" | "out"; type: string; createdAt: Date; answerMs?: number; xml?: string },
) {
  await dbx.spiMessage.create({
    data: {
      id: randomUUID(),
      direction: fields.direction,
      bizMsgIdr: `M99999999${randomUUID().replace(/-/g, "").slice(0, 23)}`,
      type: fields.type,
      subjectId: `E${seq}`,
      xml: fields.xml ?? "<Envelope/>",
      status: fields.direction === "in" ? "applied" : "sent",
      createdAt: fields.createdAt,
      answerMs: fields.answerMs ?? null,
    },
  });
}

beforeAll(async () => {
  run = await createRunDatabase("pix_admin_network");
  standIn.db = createDb(run.url, 4);
  const dbx = standIn.db;

  await dbx.spiReader.createMany({
    data: [
      {
        id: "web:101",
        streamsOpen: 2,
        updatedAt: at(10 * SECOND),
        lastMessageAt: at(5 * SECOND),
        lastEchoAt: at(20 * SECOND),
      },
      // written exactly 30 s ago: still counted
      { id: "worker:202", streamsOpen: 3, updatedAt: at(30 * SECOND), lastEchoAt: at(8 * SECOND) },
      // 1 ms past 30 s: gone, its streams not counted, but its last message is still the latest seen
      {
        id: "worker:303",
        streamsOpen: 6,
        updatedAt: at(30 * SECOND + 1),
        lastMessageAt: at(1 * SECOND),
        lastError: "connect ECONNREFUSED 127.0.0.1:4100",
        lastErrorAt: at(40 * SECOND),
      },
    ],
  });

  // 15:00–15:20: ten PIX in answered in 100, 200 … 1000 ms, a pacs.002 in, a pacs.002 and an echo answer out
  for (let i = 1; i <= 10; i++) {
    await message(dbx, { direction: "in", type: "pacs.008", createdAt: at(i * MINUTE), answerMs: i * 100 });
  }
  await message(dbx, { direction: "in", type: "pacs.002", createdAt: at(2 * MINUTE) });
  await message(dbx, { direction: "out", type: "pacs.002", createdAt: at(3 * MINUTE) });
  await message(dbx, { direction: "out", type: "pibr.002", createdAt: at(4 * MINUTE) });
  // after `now`: not yet
  await message(dbx, { direction: "in", type: "pacs.008", createdAt: new Date(NOW.getTime() + SECOND), answerMs: 5 });
  // 14:00–15:00: one return in, answered in 40 ms; a pacs.008 out
  await message(dbx, { direction: "in", type: "pacs.004", createdAt: at(30 * MINUTE), answerMs: 40 });
  await message(dbx, { direction: "out", type: "pacs.008", createdAt: at(35 * MINUTE) });
  // 16:00 the day before is the first hour shown; 15:59 the day before is not
  await message(dbx, { direction: "out", type: "pacs.008", createdAt: new Date("2026-11-30T16:00:00.000Z") });
  await message(dbx, { direction: "out", type: "pacs.008", createdAt: new Date("2026-11-30T15:59:59.999Z") });

  // admi.002: two in the last 24 hours (one unreadable), one before; one sent by us (not received)
  await message(dbx, {
    direction: "in",
    type: "admi.002",
    createdAt: at(HOUR),
    xml: admi002Xml("M12345678OURS0000000000000000001", "AB09", "assinatura inválida"),
  });
  await message(dbx, { direction: "in", type: "admi.002", createdAt: at(2 * HOUR), xml: "not xml <" });
  await message(dbx, { direction: "in", type: "admi.002", createdAt: at(25 * HOUR), xml: "<x/>" });
  await message(dbx, { direction: "out", type: "admi.002", createdAt: at(HOUR) });

  const payment = (
    direction: "outgoing" | "incoming",
    state: "submitted" | "sent" | "received" | "accepted" | "settled" | "rejected",
    createdAt: Date,
    extra: { sentAt?: Date; amountCents?: bigint; id?: string } = {},
  ) => ({
    id: extra.id ?? e2e(),
    direction,
    kind: "payment" as const,
    state,
    accountId: "100000000001",
    amountCents: extra.amountCents ?? 1_000n,
    createdAt,
    sentAt: extra.sentAt ?? null,
  });
  await dbx.railPayment.createMany({
    data: [
      payment("outgoing", "submitted", at(31 * SECOND), { id: "E-out-31s", amountCents: 12_345n }),
      payment("outgoing", "sent", at(30 * SECOND), { id: "E-out-30s" }), // exactly 30 s: not yet
      payment("outgoing", "sent", at(45 * SECOND), { id: "E-out-45s", sentAt: at(44 * SECOND) }),
      payment("outgoing", "settled", at(HOUR)),
      payment("outgoing", "rejected", at(HOUR)),
      // 21 more, older: 23 waiting in all, the 20 oldest listed
      ...Array.from({ length: 21 }, (_, i) => payment("outgoing", "sent", at((10 + i) * MINUTE), { id: `E-old-${i}` })),
      payment("incoming", "accepted", at(70 * SECOND), { id: "E-in-61s", sentAt: at(61 * SECOND) }),
      payment("incoming", "accepted", at(70 * SECOND), { id: "E-in-60s", sentAt: at(60 * SECOND) }), // not yet
      payment("incoming", "accepted", at(90 * SECOND), { id: "E-in-unsent" }), // no answer recorded: its creation
      payment("incoming", "settled", at(HOUR), { sentAt: at(HOUR) }),
      payment("incoming", "received", at(HOUR)),
    ],
  });
});

afterAll(async () => {
  const dbx = standIn.db;
  standIn.db = null;
  await dbx?.$disconnect();
  await run?.release();
});

describe("the PIX network for the operator", () => {
  it("lists the readers, counts only the fresh ones' streams and takes the latest message and echo", async () => {
    const status = await networkStatus(standIn.db as Db, NOW, "network");
    expect(status.readers.map((r) => [r.id, r.streamsOpen, r.stale])).toEqual([
      ["web:101", 2, false],
      ["worker:202", 3, false],
      ["worker:303", 6, true],
    ]);
    expect(status.readers[2]).toMatchObject({ lastError: "connect ECONNREFUSED 127.0.0.1:4100" });
    expect(status.streamsOpen).toBe(5);
    expect(status.lastMessageAt).toEqual(at(1 * SECOND));
    expect(status.lastEchoAt).toEqual(at(8 * SECOND));
    expect(status.rail).toBe("network");
    // connected, but payments wait past their alarms
    expect(status.connection).toBe("attention");
  });

  it("counts the last 24 hours' messages hour by hour, with p50 and p99 of the answers to PIX and returns", async () => {
    const { hourly } = await networkStatus(standIn.db as Db, NOW, "network");
    expect(hourly).toHaveLength(24);
    expect(hourly[0]).toEqual({
      hour: new Date("2026-11-30T16:00:00.000Z"),
      messagesIn: 0,
      messagesOut: 1,
      answerP50Ms: null,
      answerP99Ms: null,
    });
    expect(hourly[22]).toEqual({
      hour: new Date("2026-12-01T14:00:00.000Z"),
      // the return and an admi.002 in; a pacs.008 and an admi.002 out
      messagesIn: 2,
      messagesOut: 2,
      answerP50Ms: 40,
      answerP99Ms: 40,
    });
    // 100…1000: p50 = 550; p99 = 900 + 0.91 × 100 = 991
    expect(hourly[23]).toEqual({
      hour: new Date("2026-12-01T15:00:00.000Z"),
      messagesIn: 11,
      messagesOut: 2,
      answerP50Ms: 550,
      answerP99Ms: 991,
    });
    const total = hourly.reduce((sum, h) => sum + h.messagesIn + h.messagesOut, 0);
    // 13 at 15:00, 4 at 14:00, the unreadable admi.002 at 13:00, the pacs.008 at 16:00 the day before
    expect(total).toBe(19);
  });

  it("lists payments awaiting a decision past 30 s, oldest first, and accepted ones unsettled past 60 s", async () => {
    const { awaitingDecision, acceptedNotSettled } = await networkStatus(standIn.db as Db, NOW, "network");
    expect(awaitingDecision.count).toBe(23);
    expect(awaitingDecision.oldest).toHaveLength(20);
    expect(awaitingDecision.oldest[0]).toEqual({
      id: "E-old-20",
      kind: "payment",
      state: "sent",
      amountCents: 1_000n,
      accountId: "100000000001",
      since: at(30 * MINUTE),
      ageMs: 30 * MINUTE,
    });
    expect(awaitingDecision.oldest.map((p) => p.id)).not.toContain("E-out-30s");
    expect(awaitingDecision.oldest.at(-1)?.id).toBe("E-old-1");

    expect(acceptedNotSettled).toEqual({
      count: 2,
      oldest: [
        expect.objectContaining({ id: "E-in-unsent", state: "accepted", since: at(90 * SECOND), ageMs: 90 * SECOND }),
        expect.objectContaining({ id: "E-in-61s", since: at(61 * SECOND), ageMs: 61 * SECOND }),
      ],
    });

    // 15 s later the 30 s payment and the 60 s one have waited too long as well
    const later = await networkStatus(standIn.db as Db, new Date(NOW.getTime() + 15 * SECOND), "network");
    expect(later.awaitingDecision.count).toBe(24);
    expect(later.acceptedNotSettled.count).toBe(3);
  });

  it("shows the admi.002 received in the last 24 hours, newest first, with the reason when it can be read", async () => {
    const { admi002Received } = await networkStatus(standIn.db as Db, NOW, "network");
    expect(admi002Received.count).toBe(2);
    expect(admi002Received.latest.map((m) => [m.createdAt, m.relatedBizMsgIdr, m.reasonCode, m.reasonText])).toEqual([
      [at(HOUR), "M12345678OURS0000000000000000001", "AB09", "assinatura inválida"],
      [at(2 * HOUR), null, null, null],
    ]);
    expect(admi002Reason("<Envelope><Document/></Envelope>")).toEqual({
      relatedBizMsgIdr: null,
      reasonCode: null,
      reasonText: null,
    });
  });

  it("is down on the network when no reader wrote within 30 s, and says sandbox on the sandbox", async () => {
    const later = new Date(NOW.getTime() + 20 * SECOND);
    const status = await networkStatus(standIn.db as Db, later, "network");
    expect(status.readers.map((r) => r.stale)).toEqual([false, true, true]);
    expect(status.streamsOpen).toBe(2);
    const gone = await networkStatus(standIn.db as Db, new Date(NOW.getTime() + 21 * SECOND), "network");
    expect(gone.streamsOpen).toBe(0);
    expect(gone.connection).toBe("down");
    const sandbox = await networkStatus(standIn.db as Db, NOW, "sandbox");
    expect(sandbox.connection).toBe("sandbox");
    expect(sandbox.awaitingDecision.count).toBe(23);
  });

  it("gives readiness the same figures in one statement", async () => {
    expect(await networkCheck(standIn.db as Db, NOW)).toEqual({
      status: "ok",
      streamsOpen: 5,
      lastMessageAt: at(1 * SECOND),
      awaitingDecision: 23,
      acceptedNotSettled: 2,
    });
    expect(await networkCheck(standIn.db as Db, new Date(NOW.getTime() + 21 * SECOND))).toMatchObject({
      status: "down",
      streamsOpen: 0,
    });
  });

  it("answers an administrator through tRPC (the rail this process runs on) and refuses anyone else", async () => {
    const status = await caller(admin).adminNetwork.status();
    expect(status.rail).toBe("sandbox");
    expect(status.connection).toBe("sandbox");
    expect(status.hourly).toHaveLength(24);
    expect(status.readers).toHaveLength(3);
    await expect(caller(merchantUser).adminNetwork.status()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller(null).adminNetwork.status()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
