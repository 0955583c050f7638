import { describe, expect, it } from "vitest";
import { bizMsgIdrOf, buildMessage, messageTypeOf, parseMessage } from "./messages";
import type { Pacs002, Pacs004, Pacs008, SpiMessage } from "./types";
import { elementAt, parseXml, textOf } from "./xml";

const PSP = "12345678";
const SPI = "00038166";
const at = new Date("2026-12-07T12:00:01.234Z");
const head = (type: SpiMessage["type"], from = PSP, to = SPI) => ({
  type,
  bizMsgIdr: `M${from}202612071200abcdefghij1`,
  createdAt: at,
  from,
  to,
});

const payment: Pacs008 = {
  ...head("pacs.008"),
  type: "pacs.008",
  endToEndId: `E${PSP}202612071200abcdefghijk`,
  amountCents: 15_000n,
  acceptedAt: new Date("2026-12-07T12:00:00.000Z"),
  localInstrument: "DICT",
  debtor: {
    ispb: PSP,
    name: "Loja Exemplo",
    document: "11222333000181",
    branch: "0001",
    account: "000000000042",
    accountType: "TRAN",
  },
  creditor: {
    ispb: "10000001",
    name: "Maria Souza",
    document: "52998224725",
    branch: "0042",
    account: "7654321",
    accountType: "CACC",
    key: "maria@example.com",
  },
  remittanceInfo: "aluguel & <condomínio>",
};
const status: Pacs002 = {
  ...head("pacs.002", SPI, PSP),
  type: "pacs.002",
  originalInstructionId: payment.endToEndId,
  originalEndToEndId: payment.endToEndId,
  status: "ACSC",
  settledAt: new Date("2026-12-07T12:00:02.000Z"),
};
const paymentReturn: Pacs004 = {
  ...head("pacs.004"),
  type: "pacs.004",
  returnId: `D${PSP}202612071200abcdefghijk`,
  originalEndToEndId: "E10000001202612061100abcdefghijk",
  amountCents: 1n,
  reasonCode: "MD06",
  additionalInfo: "estorno pedido pelo lojista",
};
const EXAMPLES: SpiMessage[] = [
  payment,
  { ...payment, localInstrument: "QRDN", txId: "7d9f0335b4a14b0d9f5c3a1e2b7c8d90" },
  { ...payment, localInstrument: "MANU", creditor: { ...payment.creditor, key: undefined, name: undefined } },
  status,
  { ...status, status: "RJCT", reasonCode: "AC03", settledAt: undefined },
  { ...status, status: "ACSP", settledAt: undefined, originalInstructionId: paymentReturn.returnId },
  paymentReturn,
  {
    ...head("admi.002", SPI, PSP),
    type: "admi.002",
    relatedBizMsgIdr: payment.bizMsgIdr,
    reasonCode: "DS0B",
    reasonText: "the signature does not verify",
  },
  { ...head("pibr.001", SPI, PSP), type: "pibr.001", data: "ping 42" },
  { ...head("pibr.002"), type: "pibr.002", data: "ping 42" },
];

const VERSIONS = {
  "pacs.008": "1.13",
  "pacs.002": "1.14",
  "pacs.004": "1.5",
  "admi.002": "1.3",
  "pibr.001": "1.3",
  "pibr.002": "1.3",
};
const ROOTS = {
  "pacs.008": "FIToFICstmrCdtTrf",
  "pacs.002": "FIToFIPmtStsRpt",
  "pacs.004": "PmtRtr",
  "admi.002": "admi.002.001.01",
  "pibr.001": "EchoReq",
  "pibr.002": "EchoRspn",
};

function read(xml: string) {
  const parsed = parseXml(xml);
  const text = (path: string) => textOf(elementAt(parsed.root, path, "Envelope"), path);
  const element = (path: string) => elementAt(parsed.root, path, "Envelope") as Record<string, unknown>;
  return { ...parsed, text, element };
}

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error("expected a refusal");
};

describe("buildMessage", () => {
  it.each(EXAMPLES.map((message) => [message.type, message] as const))(
    "writes a %s's envelope as network.md pins it",
    (type, message) => {
      const xml = buildMessage(message);
      const envelope = read(xml);
      expect(envelope.rootName).toBe("Envelope");
      expect(envelope.rootNamespace).toBe(`https://www.bcb.gov.br/pi/${type}/${VERSIONS[type]}`);
      expect(envelope.text("AppHdr/MsgDefIdr")).toBe(`${type}.spi.${VERSIONS[type]}`);
      expect(envelope.text("AppHdr/Fr/FIId/FinInstnId/Othr/Id")).toMatch(/^\d{8}$/);
      expect(envelope.text("AppHdr/To/FIId/FinInstnId/Othr/Id")).toMatch(/^\d{8}$/);
      const bizMsgIdr = envelope.text("AppHdr/BizMsgIdr");
      expect(bizMsgIdr).toMatch(/^M\d{8}[A-Za-z0-9]{23}$/);
      expect(bizMsgIdr?.slice(1, 9)).toBe(message.from);
      expect(envelope.text("AppHdr/CreDt")).toBe("2026-12-07T12:00:01.234Z");
      expect(envelope.text("AppHdr/Sgntr")).toBe("");
      const document = `Document/${ROOTS[type]}`;
      expect(envelope.text(`${document}/GrpHdr/MsgId`)).toBe(bizMsgIdr);
      expect(envelope.text(`${document}/GrpHdr/CreDtTm`)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    },
  );

  it("writes a pacs.008's fixed codes, ids, amount in BRL and both parties", () => {
    const tx = "Document/FIToFICstmrCdtTrf/CdtTrfTxInf";
    const envelope = read(buildMessage(payment));
    const group = "Document/FIToFICstmrCdtTrf/GrpHdr";
    expect(envelope.text(`${group}/NbOfTxs`)).toBe("1");
    expect(envelope.text(`${group}/SttlmInf/SttlmMtd`)).toBe("CLRG");
    expect(envelope.text(`${group}/PmtTpInf/InstrPrty`)).toBe("HIGH");
    expect(envelope.text(`${group}/PmtTpInf/SvcLvl/Prtry`)).toBe("PAGPRI");
    expect(envelope.text(`${tx}/PmtId/EndToEndId`)).toMatch(/^E12345678\d{12}[A-Za-z0-9]{11}$/);
    expect(envelope.text(`${tx}/IntrBkSttlmAmt`)).toBe("150.00");
    expect(envelope.element(`${tx}/IntrBkSttlmAmt`)["@_Ccy"]).toBe("BRL");
    expect(envelope.text(`${tx}/AccptncDtTm`)).toBe("2026-12-07T12:00:00.000Z");
    expect(envelope.text(`${tx}/ChrgBr`)).toBe("SLEV");
    expect(envelope.text(`${tx}/MndtRltdInf/Tp/LclInstrm/Prtry`)).toBe("DICT");
    expect(envelope.text(`${tx}/DbtrAgt/FinInstnId/ClrSysMmbId/MmbId`)).toBe(PSP);
    expect(envelope.text(`${tx}/CdtrAgt/FinInstnId/ClrSysMmbId/MmbId`)).toBe("10000001");
    expect(envelope.text(`${tx}/Dbtr/Id/PrvtId/Othr/Id`)).toBe("11222333000181");
    expect(envelope.text(`${tx}/DbtrAcct/Tp/Cd`)).toBe("TRAN");
    expect(envelope.text(`${tx}/CdtrAcct/Id/Othr/Issr`)).toBe("0042");
    expect(envelope.text(`${tx}/CdtrAcct/Prxy/Id`)).toBe("maria@example.com");
    expect(envelope.text(`${tx}/Purp/Cd`)).toBe("IPAY");
    expect(envelope.text(`${tx}/RmtInf/Ustrd`)).toBe("aluguel & <condomínio>");
    expect(envelope.element(`${tx}/PmtId`).TxId).toBeUndefined();
  });

  it("leaves out the optional elements given as null", () => {
    const tx = "Document/FIToFICstmrCdtTrf/CdtTrfTxInf";
    const creditor = { ...payment.creditor, name: null, branch: null };
    const envelope = read(buildMessage({ ...payment, txId: null, remittanceInfo: null, creditor }));
    expect(Object.keys(envelope.element(`${tx}/Cdtr`))).toEqual(["Id"]);
    expect(Object.keys(envelope.element(`${tx}/CdtrAcct/Id/Othr`))).toEqual(["Id"]);
    expect(Object.keys(envelope.element(`${tx}/PmtId`))).toEqual(["EndToEndId"]);
    expect(envelope.element(tx).RmtInf).toBeUndefined();
  });

  it("writes a pacs.004's amount with two decimals and its reason, and a pacs.002's settlement time", () => {
    const returned = read(buildMessage(paymentReturn));
    expect(returned.text("Document/PmtRtr/TxInf/RtrdIntrBkSttlmAmt")).toBe("0.01");
    expect(returned.text("Document/PmtRtr/TxInf/SttlmPrty")).toBe("HIGH");
    expect(returned.text("Document/PmtRtr/TxInf/RtrRsnInf/Rsn/Cd")).toBe("MD06");
    const settled = read(buildMessage(status));
    expect(settled.text("Document/FIToFIPmtStsRpt/TxInfAndSts/FctvIntrBkSttlmDt/DtTm")).toBe(
      "2026-12-07T12:00:02.000Z",
    );
    expect(settled.element("Document/FIToFIPmtStsRpt/TxInfAndSts").StsRsnInf).toBeUndefined();
  });

  it.each([
    ["an amount of zero", { ...payment, amountCents: 0n }, "CH20", "IntrBkSttlmAmt must be above zero"],
    ["a message over 140 characters", { ...payment, remittanceInfo: "x".repeat(141) }, "CH15", "RmtInf/Ustrd"],
    ["a malformed EndToEndId", { ...payment, endToEndId: "E123" }, "CH16", "PmtId/EndToEndId must be E"],
    [
      "an EndToEndId of another payer",
      { ...payment, endToEndId: `E99999999202612071200abcdefghijk` },
      "CH16",
      "payer's ISPB",
    ],
    [
      "an EndToEndId with no real minute",
      { ...payment, endToEndId: `E${PSP}202613071200abcdefghijk` },
      "CH16",
      "real UTC minute",
    ],
    ["a QRDN without its txid", { ...payment, localInstrument: "QRDN" }, "CH21", "PmtId/TxId is required"],
    ["a DICT payment without its key", { ...payment, creditor: { ...payment.creditor, key: null } }, "CH21", "Prxy/Id"],
    ["a 7-digit ISPB", { ...payment, creditor: { ...payment.creditor, ispb: "1000000" } }, "CH16", "CdtrAgt"],
    ["a document of 12 digits", { ...payment, debtor: { ...payment.debtor, document: "112223330001" } }, "CH16", "CPF"],
    ["a BizMsgIdr of another sender", { ...payment, from: "87654321" }, "CH16", "AppHdr/BizMsgIdr must carry"],
    [
      "an RJCT without its reason",
      { ...status, status: "RJCT", settledAt: null },
      "CH21",
      "StsRsnInf/Rsn/Cd is required",
    ],
    ["an ACSC without its time", { ...status, settledAt: null }, "CH21", "FctvIntrBkSttlmDt/DtTm is required"],
    ["a return reason outside the list", { ...paymentReturn, reasonCode: "AC03" }, "CH16", "RtrRsnInf/Rsn/Cd"],
  ] as const)("refuses %s", (_, message, code, text) => {
    const refusal = refusalOf(() => buildMessage(message as unknown as SpiMessage));
    expect(refusal.code).toBe(code);
    expect(refusal.message).toContain(text);
  });
});

describe("parseMessage", () => {
  it.each(EXAMPLES.map((message) => [message.type, message] as const))("reads back the %s it built", (_, message) => {
    const withoutAbsent = JSON.parse(
      JSON.stringify(message, (_, value) => (typeof value === "bigint" ? `${value}n` : value)),
    );
    const parsed = parseMessage(buildMessage(message));
    expect(JSON.parse(JSON.stringify(parsed, (_, value) => (typeof value === "bigint" ? `${value}n` : value)))).toEqual(
      withoutAbsent,
    );
  });

  it("reads an Envelope whose namespace has a prefix, and a date-time with an offset", () => {
    const xml = buildMessage(payment)
      .replace(
        '<Envelope xmlns="https://www.bcb.gov.br/pi/pacs.008/1.13">',
        '<pi:Envelope xmlns:pi="https://www.bcb.gov.br/pi/pacs.008/1.13">',
      )
      .replace("</Envelope>", "</pi:Envelope>")
      .replace(/<(\/?)(AppHdr|Document)>/g, "<$1pi:$2>")
      .replace("<AccptncDtTm>2026-12-07T12:00:00.000Z", "<AccptncDtTm>2026-12-07T09:00:00-03:00");
    const parsed = parseMessage(xml) as Pacs008;
    expect(parsed.endToEndId).toBe(payment.endToEndId);
    expect(parsed.acceptedAt.toISOString()).toBe("2026-12-07T12:00:00.000Z");
  });

  const xml = buildMessage(payment);
  it.each([
    ["text that is not XML", "not xml", "FF01"],
    ["a DOCTYPE", `<!DOCTYPE x [<!ENTITY a "b">]>${xml.slice(xml.indexOf("<Envelope"))}`, "FF01"],
    ["another root element", "<Document/>", "FF01"],
    ["an unknown namespace", xml.replace("pacs.008/1.13", "pacs.008/9.99"), "FF02"],
    ["no namespace", xml.replace(' xmlns="https://www.bcb.gov.br/pi/pacs.008/1.13"', ""), "FF02"],
    ["another MsgDefIdr", xml.replace("pacs.008.spi.1.13", "pacs.008.spi.1.12"), "FF02"],
    ["a missing BizMsgIdr", xml.replace(/<BizMsgIdr>.*<\/BizMsgIdr>/, ""), "CH21"],
    ["a GrpHdr/MsgId other than BizMsgIdr", xml.replace(/<MsgId>M12345678/, "<MsgId>M12345679"), "CH16"],
    [
      "a CreDt without milliseconds",
      xml.replace("<CreDt>2026-12-07T12:00:01.234Z", "<CreDt>2026-12-07T12:00:01Z"),
      "CH16",
    ],
    ["a missing payer's name", xml.replace("<Nm>Loja Exemplo</Nm>", ""), "CH21"],
    ["an amount with one decimal", xml.replace(">150.00<", ">150.0<"), "CH20"],
    ["an amount in dollars", xml.replace('Ccy="BRL"', 'Ccy="USD"'), "CH20"],
    ["an amount without its currency", xml.replace(' Ccy="BRL"', ""), "CH20"],
    ["another settlement method", xml.replace(">CLRG<", ">GROS<"), "CH16"],
    ["a missing fixed code", xml.replace("<ChrgBr>SLEV</ChrgBr>", ""), "CH21"],
    ["an instrument outside the list", xml.replace("<Prtry>DICT</Prtry>", "<Prtry>XXXX</Prtry>"), "CH16"],
    ["an account type outside the list", xml.replace("<Cd>TRAN</Cd>", "<Cd>CURR</Cd>"), "CH16"],
    ["a repeated EndToEndId", xml.replace(/(<EndToEndId>[^<]*<\/EndToEndId>)/, "$1$1"), "CH16"],
    ["an element where text belongs", xml.replace(/<EndToEndId>[^<]*</, "<EndToEndId><x/><"), "CH16"],
    ["a message over 140 characters", xml.replace(/<Ustrd>[^<]*</, `<Ustrd>${"x".repeat(141)}<`), "CH15"],
  ])("refuses %s", (_, text, code) => {
    expect(refusalOf(() => parseMessage(text)).code).toBe(code);
  });

  it("names the element a refusal is about", () => {
    expect(refusalOf(() => parseMessage(xml.replace(">150.00<", ">150.0<"))).message).toBe(
      "Document/FIToFICstmrCdtTrf/CdtTrfTxInf/IntrBkSttlmAmt must be an amount with two decimals",
    );
    expect(refusalOf(() => parseMessage(xml.replace("<ChrgBr>SLEV</ChrgBr>", ""))).message).toBe(
      "Document/FIToFICstmrCdtTrf/CdtTrfTxInf/ChrgBr is missing",
    );
  });
});

describe("bizMsgIdrOf and messageTypeOf", () => {
  it("read an envelope's id and type, and give null for what is not one", () => {
    const xml = buildMessage(status);
    expect(bizMsgIdrOf(xml)).toBe(status.bizMsgIdr);
    expect(messageTypeOf(xml)).toBe("pacs.002");
    expect(bizMsgIdrOf(xml.replace(status.bizMsgIdr, "M1"))).toBeNull();
    expect(bizMsgIdrOf("<x")).toBeNull();
    expect(messageTypeOf("<Envelope xmlns='urn:other'/>")).toBeNull();
  });
});
