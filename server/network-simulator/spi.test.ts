import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPI_ISPB } from "./ids";
import {
  control,
  isType,
  openStream,
  PARTICIPANT_ISPB,
  participantCreditTransfer,
  pullUntil,
  type RunningSimulator,
  sendMessage,
  startSimulator,
} from "./test-support";
import { textAt } from "./xml";

let running: RunningSimulator;

beforeAll(async () => {
  running = await startSimulator();
});
afterAll(() => running.stop());

describe("POST /spi/api/v1/out/{ISPB}/msgs", () => {
  it("answers 201 with a PI-ResourceId, and the same one (applied once) for the same BizMsgIdr", async () => {
    const message = participantCreditTransfer(running.participant);
    const first = await sendMessage(running.url, message.xml);
    const again = await sendMessage(running.url, message.xml, { gzip: true });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(first.headers.get("PI-ResourceId")).toMatch(/^[0-9a-f]{32}$/);
    expect(again.headers.get("PI-ResourceId")).toBe(first.headers.get("PI-ResourceId"));
    const received = await control<{ resends: number }[]>(running.url, `/messages?bizMsgIdr=${message.bizMsgIdr}`);
    expect(received.json).toHaveLength(1);
    expect(received.json[0]?.resends).toBe(1);
    const transactions = await control<{ id: string }[]>(running.url, "/transactions");
    expect(transactions.json.filter((tx) => tx.id === message.endToEndId)).toHaveLength(1);
  });

  it("refuses unreadable XML, a DOCTYPE and a wrong envelope with 400 and a reason", async () => {
    const broken = await sendMessage(running.url, "<Envelope><AppHdr></Envelope>");
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/well-formed/);
    const doctype = await sendMessage(running.url, '<!DOCTYPE a [<!ENTITY x "y">]><Envelope>&x;</Envelope>');
    expect(doctype.status).toBe(400);
    expect(await doctype.text()).toMatch(/DOCTYPE/);
    const wrongNamespace = participantCreditTransfer(running.participant).xml.replace("pacs.008/1.13", "pacs.008/9.99");
    const wrong = await sendMessage(running.url, wrongNamespace);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/namespace/);
  });

  it("answers a badly signed message 201 and an admi.002 naming its BizMsgIdr", async () => {
    const ispb = "12340001";
    const stream = await openStream(running.url, ispb);
    const tampered = participantCreditTransfer(running.participant).xml.replace("150.00", "151.00");
    const strangers = participantCreditTransfer(running.stranger);
    for (const xml of [tampered, strangers.xml]) {
      const response = await sendMessage(running.url, xml.replaceAll(PARTICIPANT_ISPB, ispb), { ispb });
      expect(response.status).toBe(201);
    }
    const first = await pullUntil(running.url, stream, isType("admi.002"));
    expect(textAt(first.message.document, "Rsn/RjctgPtyRsn")).toBe("DS0B");
    expect(first.message.fromIspb).toBe(SPI_ISPB);
    const second = await pullUntil(
      running.url,
      first.pulled,
      (message) => message !== first.message && isType("admi.002")(message),
    );
    expect(textAt(second.message.document, "RltdRef/Ref")).toMatch(new RegExp(`^M${ispb}`));
    const messages = await control<{ signature: { status: string }; outcome: string }[]>(
      running.url,
      `/messages?ispb=${ispb}`,
    );
    expect(messages.json.map((message) => [message.signature.status, message.outcome])).toEqual([
      ["invalid", "refused"],
      ["invalid", "refused"],
    ]);
  });

  it("refuses with admi.002 a message whose AppHdr/Fr is not the path's ISPB, or whose fields break the rules", async () => {
    const ispb = "12340002";
    const stream = await openStream(running.url, ispb);
    const otherSender = participantCreditTransfer(running.participant);
    expect((await sendMessage(running.url, otherSender.xml, { ispb })).status).toBe(201);
    const senderRejection = await pullUntil(running.url, stream, isType("admi.002"));
    expect(textAt(senderRejection.message.document, "Rsn/RjctgPtyRsn")).toBe("RC08");
    expect(textAt(senderRejection.message.document, "RltdRef/Ref")).toBe(otherSender.bizMsgIdr);

    const badAmount = participantCreditTransfer(running.participant, { amount: "10.5" });
    expect((await sendMessage(running.url, badAmount.xml)).status).toBe(201);
    const [recorded] = (
      await control<{ violations: { field: string }[]; outcome: string }[]>(
        running.url,
        `/messages?bizMsgIdr=${badAmount.bizMsgIdr}`,
      )
    ).json;
    expect(recorded?.outcome).toBe("refused");
    expect(recorded?.violations.map((violation) => violation.field)).toContain("CdtTrfTxInf/IntrBkSttlmAmt");
  });
});
