/**
 * A developer's look at a BR Code (POST /v4/i/baas/pix/decode-qr): the fields that could be read
 * and every finding — CRC, lengths, charset, txid rules, static or dynamic — instead of the
 * decoder's first error. Local only: nothing is looked up.
 */
import { BRCODE_TXID_PATTERN, FieldId, MAX_PAYLOAD_LENGTH, NO_TXID, TXID_FIELD_ID } from "./constants";
import { crc16 } from "./crc16";
import { type DecodedBrCode, decodeBrCode } from "./decode";
import { BrCodeError } from "./errors";
import { findField, parseTlv, type TlvField } from "./tlv";

export type FindingSeverity = "error" | "warning" | "info";
export type Finding = { code: string; severity: FindingSeverity; message: string };

export type BrCodeInspection = {
  /** true when the code can be paid as it is (no finding of severity error) */
  valid: boolean;
  kind: "static" | "dynamic" | null;
  /** the decoded code, when it decodes */
  decoded: DecodedBrCode | null;
  /** every top-level field that could be read (id → value), even on a broken code */
  fields: Record<string, string>;
  findings: Finding[];
};

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
const CONTROL = /\p{Cc}/u;
const PIX_GUI = /^br\.gov\.bcb\.pix$/i;

export function inspectBrCode(payload: string): BrCodeInspection {
  const findings: Finding[] = [];
  const add = (code: string, severity: FindingSeverity, message: string) => {
    if (!findings.some((f) => f.code === code && f.message === message)) findings.push({ code, severity, message });
  };
  const raw = payload.trim();

  if (raw.length === 0) add("LENGTH", "error", "the code is empty");
  if (raw.length > MAX_PAYLOAD_LENGTH) {
    add("LENGTH", "error", `the code has ${raw.length} characters; at most ${MAX_PAYLOAD_LENGTH} are allowed`);
  }
  if (CONTROL.test(raw)) add("CHARSET", "error", "the code contains control characters (line breaks, tabs…)");
  else if (!PRINTABLE_ASCII.test(raw)) {
    add(
      "CHARSET",
      "warning",
      "the code has characters outside printable ASCII; some banks refuse them (write names without accents)",
    );
  }

  const parsed = parseTlv(raw);
  const fields: readonly TlvField[] = parsed.ok ? parsed.fields : [];
  if (!parsed.ok) add("LENGTH", "error", `a field's declared length does not match the text: ${parsed.reason}`);

  checkCrc(raw, fields, parsed.ok, add);
  const kind = checkKind(fields, add);
  checkTxid(fields, kind, add);

  let decoded: DecodedBrCode | null = null;
  try {
    decoded = decodeBrCode(raw);
  } catch (error) {
    if (!(error instanceof BrCodeError)) throw error;
    // The decoder names the first broken rule; keep it when the checks above did not already say it.
    const covered = { INVALID_CRC: "CRC", INVALID_TXID: "TXID" } as Record<string, string>;
    const mapped = covered[error.code];
    if (!mapped || !findings.some((f) => f.code === mapped && f.severity === "error")) {
      add(error.code, "error", error.message);
    }
  }
  if (decoded) {
    if (decoded.amountCents === null) {
      add("AMOUNT", "info", "no amount in the code: the payer chooses it (send amount to pay a static code)");
    }
  }

  return {
    valid: decoded !== null && !findings.some((f) => f.severity === "error"),
    kind,
    decoded,
    fields: Object.fromEntries(fields.map((f) => [f.id, f.value])),
    findings,
  };
}

type Add = (code: string, severity: FindingSeverity, message: string) => void;

function checkCrc(raw: string, fields: readonly TlvField[], parsed: boolean, add: Add): void {
  const tail = /6304([0-9A-Fa-f]{4})$/.exec(raw);
  if (!tail) {
    add("CRC", "error", 'the code must end with the CRC field "6304" and four hex digits');
    return;
  }
  const expected = crc16(raw.slice(0, raw.length - 4));
  if (tail[1]?.toUpperCase() !== expected) {
    add("CRC", "error", `CRC mismatch: the code says ${tail[1]}, its content gives ${expected}`);
  } else if (parsed && fields[fields.length - 1]?.id !== FieldId.crc) {
    add("CRC", "error", "the CRC field 63 must be the last field");
  }
}

function checkKind(fields: readonly TlvField[], add: Add): "static" | "dynamic" | null {
  const account = fields.find((f) => {
    const n = Number(f.id);
    return n >= 26 && n <= 51 && PIX_GUI.test(findField(f.children ?? [], "00")?.value ?? "");
  });
  if (!account) return null;
  const children = account.children ?? [];
  const hasKey = findField(children, "01") !== undefined;
  const hasUrl = findField(children, "25") !== undefined;
  const poi = findField(fields, FieldId.pointOfInitiation)?.value;
  if (hasKey && hasUrl) return null;
  if (hasUrl) {
    add("KIND", "info", "dynamic code: the amount and the txid come from the location URL (field 26-25)");
    if (poi !== "12") {
      add("POINT_OF_INITIATION", "warning", 'a dynamic code is usually single-use: point of initiation (01) "12"');
    }
    return "dynamic";
  }
  if (hasKey) {
    add("KIND", "info", "static code: a PIX key (field 26-01); the payer's bank resolves it");
    if (poi === "12") add("POINT_OF_INITIATION", "info", 'point of initiation "12": the code is meant to be used once');
    return "static";
  }
  return null;
}

function checkTxid(fields: readonly TlvField[], kind: "static" | "dynamic" | null, add: Add): void {
  const txid = findField(findField(fields, FieldId.additionalData)?.children ?? [], TXID_FIELD_ID)?.value;
  if (txid === undefined) {
    add("TXID", "warning", 'no txid (field 62-05); write "***" when there is none');
    return;
  }
  if (txid !== NO_TXID && !BRCODE_TXID_PATTERN.test(txid)) {
    add("TXID", "error", `txid "${txid}" must be "***" or 1-25 letters and digits (no spaces, dashes or accents)`);
    return;
  }
  if (kind === "dynamic" && txid !== NO_TXID) {
    add("TXID", "warning", 'a dynamic code carries the txid in its location payload: field 62-05 should be "***"');
  }
}
