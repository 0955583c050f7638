import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPI_ISPB } from "./ids";
import { echoDocument } from "./message-documents";
import { signXml } from "./signing";
import { buildSignedEnvelope } from "./spi-messages";
import {
  control,
  isType,
  openStream,
  PARTICIPANT_ISPB,
  participantCreditTransfer,
  participantStatusReport,
  pullNext,
  pullUntil,
  type RunningSimulator,
  sendMessage,
  startSimulator,
  waitFor,
} from "./test-support";
import { buildXml, textAt } from "./xml";

let running: RunningSimulator;

beforeAll(async () => {
  running = await startSimulator();
});
afterAll(() => running.stop());

describe("faults", () => {
  it("refuses connections to /spi and /dict for a while, never to /control", async () => {
    await control(running.url, "/faults", { refuseConnectionsForMs: 300 });
    await expect(fetch(`${running.url}/spi/api/v1/in/${PARTICIPANT_ISPB}/stream/start`)).rejects.toThrow();
    await expect(fetch(`${running.url}/dict/api/v1/claims/?Participant=${PARTICIPANT_ISPB}`)).rejects.toThrow();
    expect((await control(running.url, "/faults")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const message = participantCreditTransfer(running.participant);
    expect((await sendMessage(running.url, message.xml)).status).toBe(201);
  });

  it("answers 503 for a while: text on the SPI, a signed ServiceUnavailable problem on the DICT", async () => {
    await control(running.url, "/faults", { serverErrorsForMs: 300 });
    const spi = await sendMessage(running.url, participantCreditTransfer(running.participant).xml);
    expect(spi.status).toBe(503);
    const dict = await fetch(`${running.url}/dict/api/v1/claims/?Participant=${PARTICIPANT_ISPB}`);
    expect(dict.status).toBe(503);
    expect(dict.headers.get("Retry-After")).toBe("1");
    expect(await dict.text()).toContain("ServiceUnavailable");
    await control(running.url, "/faults", { serverErrorsForMs: 0 });
    expect((await sendMessage(running.url, participantCreditTransfer(running.participant).xml)).status).toBe(201);
  });

  it("delays answers while asked to", async () => {
    await control(running.url, "/faults", { answerDelayMs: 250 });
    const started = Date.now();
    await fetch(`${running.url}/dict/api/v1/claims/?Participant=${PARTICIPANT_ISPB}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    await control(running.url, "/faults", { answerDelayMs: 0 });
  });
});

describe("echo", () => {
  it("sends pibr.001 and records the participant's pibr.002 with the same Data and its delay", async () => {
    const ispb = "40000001";
    const stream = await openStream(running.url, ispb);
    await control(running.url, "/echo", { ispb });
    const echo = await pullUntil(
      running.url,
      await pullNext(running.url, stream.pullNext as string),
      isType("pibr.001"),
    );
    const data = textAt(echo.message.document, "Data") as string;
    const answer = buildSignedEnvelope(
      { type: "pibr.002", fromIspb: ispb, toIspb: SPI_ISPB, ...echoDocument(data) },
      running.participant,
    );
    expect((await sendMessage(running.url, answer.xml, { ispb })).status).toBe(201);
    const stats = await control<{ echoDelayMs: { count: number; unanswered: number } }>(running.url, "/stats");
    expect(stats.json.echoDelayMs).toMatchObject({ count: 1, unanswered: 0 });
  });
});

describe("two participants", () => {
  it("delivers a pacs.008 to the other connected participant; its ACSP brings ACCC to it and ACSC to the payer", async () => {
    const receiver = "50000001";
    const receiverStream = await openStream(running.url, receiver);
    const payerStream = await openStream(running.url);
    const message = participantCreditTransfer(running.participant, {
      localInstrument: "MANU",
      creditorKey: undefined,
      creditor: { ispb: receiver, document: "52998224725", accountNumber: "42", accountType: "CACC" },
    });
    await sendMessage(running.url, message.xml);
    const delivered = await pullUntil(running.url, receiverStream, isType("pacs.008"));
    expect(textAt(delivered.message.document, "CdtTrfTxInf/PmtId/EndToEndId")).toBe(message.endToEndId);
    const report = participantStatusReport(
      running.participant,
      { originalInstructionId: message.endToEndId, originalEndToEndId: message.endToEndId, status: "ACSP" },
      receiver,
    );
    await sendMessage(running.url, report.xml, { ispb: receiver });
    await pullUntil(
      running.url,
      await pullNext(running.url, delivered.pulled.pullNext as string),
      isType("pacs.002", "ACCC"),
    );
    await pullUntil(running.url, payerStream, isType("pacs.002", "ACSC"));
  });
});

describe("the DICT's state file", () => {
  it("keeps the participants' entries across a restart", async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), "network-")), "dict.json");
    const first = await startSimulator({ stateFile });
    const request = signXml(
      buildXml("CreateEntryRequest", {
        Entry: {
          KeyType: "EVP",
          Account: {
            Participant: PARTICIPANT_ISPB,
            AccountNumber: "9",
            AccountType: "TRAN",
            OpeningDate: "2024-01-01T03:00:00Z",
          },
          Owner: { Type: "LEGAL_PERSON", TaxIdNumber: "11222333000181", Name: "Padaria Tres Irmaos Ltda" },
        },
        Reason: "USER_REQUESTED",
        RequestId: "a946d533-7f22-42a5-9a9b-e87cd55c0f4d",
      }),
      first.participant,
      "dict-document",
    );
    const created = await fetch(`${first.url}/dict/api/v1/entries/`, {
      method: "POST",
      headers: { "Content-Type": "application/xml" },
      body: request,
    });
    expect(created.status).toBe(201);
    const createdXml = await created.text();
    await first.stop();
    const second = await startSimulator({ stateFile });
    try {
      const entries = await waitFor(
        () => control<{ key: string; keyType: string }[]>(second.url, "/entries"),
        () => true,
      );
      expect(entries.json).toEqual([expect.objectContaining({ keyType: "EVP" })]);
      const retry = await fetch(`${second.url}/dict/api/v1/entries/`, {
        method: "POST",
        headers: { "Content-Type": "application/xml" },
        body: request,
      });
      expect(await retry.text()).toBe(createdXml);
    } finally {
      await second.stop();
    }
  });
});
