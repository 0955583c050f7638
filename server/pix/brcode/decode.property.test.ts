import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { crc16 } from "./crc16";
import { type DecodedBrCode, decodeBrCode } from "./decode";
import { encodeDynamicBrCode, encodeStaticBrCode } from "./encode";
import type { BrCodeErrorCode } from "./errors";
import {
  amountCentsArb,
  BCB_EXAMPLE,
  DYNAMIC_FIELDS,
  errorCodeOf,
  locationUrlArb,
  payloadFrom,
  pixKeyArb,
  rawField,
  STATIC_FIELDS,
  textArb,
  txidArb,
} from "./test-fixtures";
import { parseTlv } from "./tlv";

const outcomes = new Map<BrCodeErrorCode | "OK", number>();

/** Decodes, requiring either a well-formed result or a BrCodeError (errorCodeOf rethrows anything else). */
function check(payload: string): void {
  let decoded: DecodedBrCode | undefined;
  const outcome = errorCodeOf(() => {
    decoded = decodeBrCode(payload);
  });
  outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  if (decoded !== undefined) assertWellFormed(decoded, payload);
}

function assertWellFormed(decoded: DecodedBrCode, payload: string): void {
  expect(decoded.raw).toBe(payload.trim());
  expect(crc16(decoded.raw.slice(0, -4))).toBe(decoded.raw.slice(-4).toUpperCase());
  if (decoded.kind === "static") {
    expect(decoded.pixKey.length).toBeGreaterThan(0);
    expect(decoded.url).toBeNull();
  } else {
    expect(decoded.url.length).toBeGreaterThan(0);
    expect(decoded.pixKey).toBeNull();
  }
  if (decoded.amountCents !== null) expect(decoded.amountCents).toBeGreaterThan(0n);
  expect(decoded.merchantName.length).toBeGreaterThanOrEqual(1);
  expect(decoded.merchantName.length).toBeLessThanOrEqual(25);
  expect(decoded.merchantCity.length).toBeGreaterThanOrEqual(1);
  expect(decoded.merchantCity.length).toBeLessThanOrEqual(15);
  expect([null, "11", "12"]).toContain(decoded.pointOfInitiation);
  expect(decoded.currency).toBe("986");
  expect(decoded.countryCode).toBe("BR");
  expect(decoded.merchantCategoryCode).toMatch(/^[0-9]{4}$/);
  if (decoded.txid !== null) expect(decoded.txid).toMatch(/^[A-Za-z0-9]{1,25}$/);
}

const validPayloadArb = fc.oneof(
  fc.constant(BCB_EXAMPLE),
  fc.constant(payloadFrom(STATIC_FIELDS)),
  fc.constant(payloadFrom(DYNAMIC_FIELDS)),
  fc
    .record({
      pixKey: pixKeyArb,
      amountCents: fc.option(amountCentsArb, { nil: undefined }),
      description: fc.option(textArb(20), { nil: undefined }),
      merchantName: textArb(30),
      merchantCity: textArb(20),
      txid: fc.option(txidArb, { nil: undefined }),
    })
    .map((input) => encodeStaticBrCode(input)),
  fc
    .record({
      locationUrl: locationUrlArb,
      amountCents: amountCentsArb,
      merchantName: textArb(30),
      merchantCity: textArb(20),
    })
    .map((input) => encodeDynamicBrCode(input)),
);

// Characters that keep mutated payloads close to valid TLV so deep checks get exercised.
const tlvishChar = fc.oneof(
  fc.constantFrom(..."0123456789"),
  fc.constantFrom(..."*.-/ @+abcABC"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);

type Mutation =
  | { kind: "replace" | "insert"; at: number; text: string }
  | { kind: "delete"; at: number; count: number }
  | { kind: "truncate"; at: number };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("replace" as const),
    at: fc.nat(),
    text: fc.string({ unit: tlvishChar, minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.string({ unit: tlvishChar, minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
);

function mutate(payload: string, mutation: Mutation): string {
  const at = mutation.at % (payload.length + 1);
  switch (mutation.kind) {
    case "replace":
      return payload.slice(0, at) + mutation.text + payload.slice(at + mutation.text.length);
    case "insert":
      return payload.slice(0, at) + mutation.text + payload.slice(at);
    case "delete":
      return payload.slice(0, at) + payload.slice(at + mutation.count);
    case "truncate":
      return payload.slice(0, at);
  }
}

/** Replaces the last four characters with the CRC of the rest, so the mutation reaches field validation. */
function refreshCrc(payload: string): string {
  const body = payload.slice(0, -4);
  return body + crc16(body);
}

const interestingValueArb = fc.oneof(
  fc.constantFrom("", "01", "11", "12", "13", "986", "BR", "0000", "***", "10.50", "0", "-1", "1e3", " ", "\u0000"),
  fc.constantFrom("br.gov.bcb.pix", "BR.GOV.BCB.PIX", "https://x.y/z", "x".repeat(26), "9".repeat(14)),
  fc.constantFrom(rawField("05", "***"), rawField("05", "AB-CD"), rawField("05", "TX1"), "a b", "k\tk"),
  fc.string({ unit: tlvishChar, maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
);

type FieldEdit = { kind: "keep" } | { kind: "drop" } | { kind: "set"; value: string };

const fieldEditArb: fc.Arbitrary<FieldEdit> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: "keep" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "drop" as const }) },
  { weight: 2, arbitrary: interestingValueArb.map((value) => ({ kind: "set" as const, value })) },
);

/** Edits whole fields (and sub-fields of the Pix account) and re-adds a valid CRC. */
const fieldLevelPayloadArb = fc
  .tuple(
    fc.constantFrom(STATIC_FIELDS, DYNAMIC_FIELDS),
    fc.array(fieldEditArb, { minLength: 10, maxLength: 10 }),
    fc.array(fieldEditArb, { minLength: 3, maxLength: 3 }),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 99 }), interestingValueArb), { maxLength: 2 }),
  )
  .map(([fields, edits, accountEdits, extra]) => {
    const result: Array<readonly [string, string]> = [];
    fields.forEach(([id, value], index) => {
      const edit = edits[index] ?? { kind: "keep" };
      if (edit.kind === "drop") return;
      const edited = edit.kind === "set" ? edit.value : value;
      result.push([id, id === "26" && edit.kind === "keep" ? editAccount(value, accountEdits) : edited]);
    });
    for (const [id, value] of extra) result.push([String(id).padStart(2, "0"), value]);
    return payloadFrom(result);
  });

function editAccount(account: string, edits: readonly FieldEdit[]): string {
  const parsed = parseTlv(account, false);
  const children = parsed.ok ? parsed.fields : [];
  return ["00", "01", "25"]
    .map((id, index) => {
      const edit = edits[index] ?? { kind: "keep" };
      const current = children.find((child) => child.id === id);
      if (edit.kind === "set") return rawField(id, edit.value);
      return edit.kind === "keep" && current ? rawField(id, current.value) : "";
    })
    .join("");
}

describe("decodeBrCode never throws anything but BrCodeError", () => {
  afterAll(() => {
    // Guards against generators that only ever exercise the first checks.
    const codes = [...outcomes.keys()];
    expect(codes).toContain("OK");
    expect(codes.length).toBeGreaterThanOrEqual(12);
  });

  it("for arbitrary strings", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 600 }), check), { numRuns: 2000 });
  });

  it("for strings over the TLV alphabet", () => {
    fc.assert(fc.property(fc.string({ unit: tlvishChar, maxLength: 200 }), check), { numRuns: 2000 });
  });

  it("for valid payloads and their truncations", () => {
    fc.assert(
      fc.property(validPayloadArb, fc.nat(), (payload, cut) => {
        check(payload);
        expect(errorCodeOf(() => decodeBrCode(payload))).toBe("OK");
        check(payload.slice(0, cut % (payload.length + 1)));
      }),
      { numRuns: 500 },
    );
  });

  it("for random mutations of valid payloads, with and without a recomputed CRC", () => {
    fc.assert(
      fc.property(validPayloadArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (payload, mutations) => {
        const mutated = mutations.reduce(mutate, payload);
        check(mutated);
        check(refreshCrc(mutated));
      }),
      { numRuns: 3000 },
    );
  });

  it("for payloads with whole fields edited and a valid CRC", () => {
    fc.assert(fc.property(fieldLevelPayloadArb, check), { numRuns: 3000 });
  });

  it("detects any single-character corruption before checking field contents", () => {
    fc.assert(
      fc.property(validPayloadArb, fc.nat(), fc.constantFrom(..."0123456789ABCXYZ"), (payload, index, replacement) => {
        const at = index % (payload.length - 8);
        fc.pre(payload[at] !== replacement && /[A-Za-z0-9]/.test(payload[at] ?? ""));
        const mutated = payload.slice(0, at) + replacement + payload.slice(at + 1);
        const code = errorCodeOf(() => decodeBrCode(mutated));
        expect(["INVALID_CRC", "INVALID_FORMAT", "INVALID_PAYLOAD_FORMAT"]).toContain(code);
      }),
      { numRuns: 500 },
    );
  });
});
