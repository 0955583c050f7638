import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../config";
import type { Transmission } from "../rail";
import { creditTransferOf, paymentReturnOf, refusalCode } from "./outbound";

const saved = { ...process.env };

beforeEach(() => {
  Object.assign(process.env, {
    PIX_RAIL: "network",
    PSP_ISPB: "12345678",
    SPI_URL: "http://127.0.0.1:9/spi",
    DICT_URL: "http://127.0.0.1:9/dict",
  });
  resetConfigForTests();
});

afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

const payment: Transmission = {
  kind: "payment",
  id: "E12345678202612070600abcdefghijk",
  accountId: "000000000042",
  amountCents: 15_000n,
  payer: {
    ispb: "12345678",
    personType: "company",
    cpfCnpj: "11.222.333/****-**",
    name: "Loja Exemplo",
    agency: "0001",
    accountType: "payment",
    accountNumber: "000000000042",
  },
  payerDocument: "11222333000181",
  receiver: {
    ispb: "10000001",
    personType: "person",
    cpfCnpj: "***.982.247-**",
    name: "Maria Souza",
    agency: "0042",
    accountType: "CACC",
    accountNumber: "7654321",
  },
  receiverDocument: "52998224725",
  pixKey: "maria@example.com",
  initiation: "DICT",
  txId: "charge-of-someone",
  description: "x".repeat(200),
  returnOf: null,
  createdAt: new Date("2026-12-07T06:00:00Z"),
};

describe("creditTransferOf", () => {
  it("names both parties in full, the key of a DICT payment, and cuts the message at 140", () => {
    const message = creditTransferOf(payment, new Date("2026-12-07T06:00:01Z"));
    expect(message).toMatchObject({
      type: "pacs.008",
      from: "12345678",
      to: "00038166",
      endToEndId: payment.id,
      amountCents: 15_000n,
      localInstrument: "DICT",
      txId: null,
      debtor: { ispb: "12345678", document: "11222333000181", account: "000000000042", accountType: "TRAN" },
      creditor: { ispb: "10000001", document: "52998224725", account: "7654321", key: "maria@example.com" },
    });
    expect(message?.bizMsgIdr).toMatch(/^M12345678\d{12}[A-Za-z0-9]{11}$/);
    expect(message?.remittanceInfo).toHaveLength(140);
  });

  it("carries the txid of a QR payment, and no key for typed details", () => {
    expect(creditTransferOf({ ...payment, initiation: "QRDN" })?.txId).toBe("charge-of-someone");
    const manual = creditTransferOf({ ...payment, initiation: "MANU", pixKey: null });
    expect(manual?.creditor.key).toBeUndefined();
  });

  it("cannot be written without the receiver's full document", () => {
    expect(creditTransferOf({ ...payment, receiverDocument: null })).toBeNull();
  });
});

describe("paymentReturnOf", () => {
  it("returns the original end-to-end id with the reason", () => {
    const message = paymentReturnOf({
      ...payment,
      kind: "return",
      id: "D12345678202612070600abcdefghijk",
      returnOf: { endToEndId: "E99999999202612070500abcdefghijk", reason: "MD06" },
    });
    expect(message).toMatchObject({
      type: "pacs.004",
      returnId: "D12345678202612070600abcdefghijk",
      originalEndToEndId: "E99999999202612070500abcdefghijk",
      reasonCode: "MD06",
    });
  });
});

describe("refusalCode", () => {
  it("takes the code a refusal's text starts with, else RR04", () => {
    expect(refusalCode("AC03: no such account")).toBe("AC03");
    expect(refusalCode("the ISPB in the path must be 8 digits")).toBe("RR04");
  });
});
