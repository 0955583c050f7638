import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnvelope } from "./spi-messages";
import { closeStream, control, openStream, pullNext, type RunningSimulator, startSimulator } from "./test-support";
import { textAt } from "./xml";

let running: RunningSimulator;

beforeAll(async () => {
  running = await startSimulator({ longPollMs: 200, streamIdleCloseMs: 300 });
});
afterAll(() => running.stop());

const endToEndIdOf = (xml: string) => textAt(readEnvelope(xml).document, "CdtTrfTxInf/PmtId/EndToEndId");

async function inboundPayment(toIspb: string): Promise<string> {
  const { json } = await control<{ endToEndId: string }>(running.url, "/payments", {
    toIspb,
    creditorAccount: "12345",
    creditorBranch: "0001",
    amount: "10.00",
  });
  return json.endToEndId;
}

describe("the participant's stream", () => {
  it("long-polls: 204 with PI-PullNext when nothing came, 200 with the message and PI-ResourceId when one comes", async () => {
    const ispb = "20000001";
    const started = Date.now();
    const empty = await openStream(running.url, ispb);
    expect(empty.status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
    expect(empty.pullNext).toMatch(new RegExp(`^/api/v1/in/${ispb}/stream/[0-9a-f-]{36}$`));
    const waiting = pullNext(running.url, empty.pullNext as string);
    const endToEndId = await inboundPayment(ispb);
    const delivered = await waiting;
    expect(delivered.status).toBe(200);
    expect(delivered.resourceId).toMatch(/^[0-9a-f]{32}$/);
    expect(delivered.pullNext).toBe(empty.pullNext);
    expect(endToEndIdOf(delivered.xml)).toBe(endToEndId);
  });

  it("acknowledges a message by asking for the next, and redelivers one closed without acknowledgement", async () => {
    const ispb = "20000002";
    const first = await inboundPayment(ispb);
    const second = await inboundPayment(ispb);
    const stream = await openStream(running.url, ispb);
    expect(endToEndIdOf(stream.xml)).toBe(first);
    const next = await pullNext(running.url, stream.pullNext as string);
    expect(endToEndIdOf(next.xml)).toBe(second);
    expect(await closeStream(running.url, next.pullNext as string)).toBe(204);
    const reopened = await openStream(running.url, ispb);
    expect(endToEndIdOf(reopened.xml)).toBe(second);
    const after = await pullNext(running.url, reopened.pullNext as string);
    expect(after.status).toBe(204);
    expect(await closeStream(running.url, after.pullNext as string)).toBe(204);
  });

  it("shares one queue between streams: a message is in flight on one stream at a time", async () => {
    const ispb = "20000003";
    const one = await inboundPayment(ispb);
    const [left, right] = await Promise.all([openStream(running.url, ispb), openStream(running.url, ispb)]);
    expect([left.status, right.status].sort()).toEqual([200, 204]);
    expect(endToEndIdOf((left.status === 200 ? left : right).xml)).toBe(one);
  });

  it("redelivers on another stream the message of a stream nobody pulled for the idle time", async () => {
    const ispb = "20000004";
    const endToEndId = await inboundPayment(ispb);
    const abandoned = await openStream(running.url, ispb);
    expect(endToEndIdOf(abandoned.xml)).toBe(endToEndId);
    await new Promise((resolve) => setTimeout(resolve, 1400));
    expect((await pullNext(running.url, abandoned.pullNext as string)).status).toBe(404);
    const other = await openStream(running.url, ispb);
    expect(endToEndIdOf(other.xml)).toBe(endToEndId);
  });

  it("refuses a 7th open stream with 429", async () => {
    const ispb = "20000005";
    const streams = await Promise.all(Array.from({ length: 6 }, () => openStream(running.url, ispb)));
    expect(streams.every((stream) => stream.status === 204)).toBe(true);
    const seventh = await fetch(`${running.url}/spi/api/v1/in/${ispb}/stream/start`);
    expect(seventh.status).toBe(429);
    await closeStream(running.url, streams[0]?.pullNext as string);
    expect((await openStream(running.url, ispb)).status).toBe(204);
  });

  it("delivers every message twice while the duplicate-delivery fault is on", async () => {
    const ispb = "20000006";
    await control(running.url, "/faults", { duplicateDeliveries: true });
    const endToEndId = await inboundPayment(ispb);
    await control(running.url, "/faults", { duplicateDeliveries: false });
    const first = await openStream(running.url, ispb);
    const second = await pullNext(running.url, first.pullNext as string);
    expect([endToEndIdOf(first.xml), endToEndIdOf(second.xml)]).toEqual([endToEndId, endToEndId]);
    expect(second.resourceId).not.toBe(first.resourceId);
  });
});
