/**
 * The fields of every SPI message the connector writes or reads (network.md §2), once: each
 * schema decodes what the XML says (text, an amount with its currency) into the message as the
 * platform holds it (centavos as bigint, dates as Date) and encodes it back, checking the same
 * rules both ways. messages.ts puts the encoded fields where the XML wants them.
 */
import { z } from "zod";
import {
  BIZ_MSG_IDR_PATTERN,
  END_TO_END_ID_PATTERN,
  hasRealMinute,
  ISPB_PATTERN,
  ispbOfId,
  RETURN_ID_PATTERN,
} from "./ids";

/** The SPI's own ISPB: the receiver of everything a PSP sends. */
export const SPI_ISPB = "00038166";

export const LOCAL_INSTRUMENTS = ["MANU", "DICT", "QRDN", "QRES", "INIC", "AUTO", "APDN"] as const;
export const ACCOUNT_TYPES = ["CACC", "SVGS", "TRAN", "SLRY"] as const;
export const PAYMENT_STATUSES = ["ACSP", "ACSC", "ACCC", "RJCT"] as const;
export const RETURN_REASONS = ["MD06", "BE08", "FR01", "SL02"] as const;
/** The instruments that pay a key: the creditor's account names it (CdtrAcct/Prxy/Id). */
const KEYED_INSTRUMENTS: readonly string[] = ["DICT", "QRDN", "QRES"];
/** The statuses that say the money moved: FctvIntrBkSttlmDt/DtTm is then required. */
const SETTLED_STATUSES: readonly string[] = ["ACSC", "ACCC"];

/** Which SPI rejection code a failed rule gives (types.ts); a rule without one is CH16. */
export type RuleCode = "missingField" | "invalidAmount" | "textTooLong";

const pattern = (regex: RegExp, what: string) => z.string().regex(regex, `must be ${what}`);
const text = (max: number) => z.string().min(1).max(max);
const minuteStamped = (regex: RegExp, what: string) =>
  pattern(regex, what).refine(hasRealMinute, "its yyyyMMddHHmm is not a real UTC minute");

export const Ispb = pattern(ISPB_PATTERN, "an ISPB (8 digits)");
export const BizMsgIdr = pattern(BIZ_MSG_IDR_PATTERN, "M, an ISPB and 23 letters or digits");
export const EndToEndId = minuteStamped(END_TO_END_ID_PATTERN, "E, an ISPB, yyyyMMddHHmm and 11 letters or digits");
export const ReturnId = minuteStamped(RETURN_ID_PATTERN, "D, an ISPB, yyyyMMddHHmm and 11 letters or digits");
/** An ISO 20022 reason code (ExternalStatusReason1Code and friends): four capitals or digits. */
const ReasonCode = pattern(/^[A-Z0-9]{4}$/, "a reason code of 4 capitals or digits");
const Document = pattern(/^(\d{11}|\d{14})$/, "a CPF (11 digits) or a CNPJ (14 digits)");
// As the DICT's BrazilianAccount writes them: the account a payment names comes from there.
const Branch = pattern(/^\d{1,4}$/, "a branch of 1 to 4 digits");
const AccountNumber = pattern(/^\d{1,20}$/, "an account number of 1 to 20 digits");
const PixKey = text(77);
const TxId = pattern(/^[A-Za-z0-9]{1,35}$/, "1 to 35 letters or digits");

/** `150.00` with `Ccy="BRL"` on the wire; centavos, above zero, in the platform. */
export const BrlAmount = z.codec(
  z.object({
    value: pattern(/^\d{1,16}\.\d{2}$/, "an amount with two decimals"),
    currency: z.literal("BRL", "must be BRL"),
  }),
  z.bigint().positive("must be above zero").max(9_999_999_999_999_999n, "must have at most 16 digits before the point"),
  {
    decode: ({ value }) => BigInt(value.replace(".", "")),
    encode: (cents) => {
      const digits = cents.toString().padStart(3, "0");
      return { value: `${digits.slice(0, -2)}.${digits.slice(-2)}`, currency: "BRL" as const };
    },
  },
);

/** AppHdr/CreDt: UTC with milliseconds (`2026-12-07T12:00:00.000Z`). */
export const UtcMillis = z.codec(z.iso.datetime({ precision: 3, message: "must be UTC with milliseconds" }), z.date(), {
  decode: (value) => new Date(value),
  encode: (date) => date.toISOString(),
});
/** The other date-times: ISO 8601 with a zone (the connector writes them as UTC with milliseconds). */
export const IsoDateTime = z.codec(
  z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }),
  z.date(),
  {
    decode: (value) => new Date(value),
    encode: (date) => date.toISOString(),
  },
);
const OptionalIsoDateTime = z.codec(IsoDateTime.in.optional(), z.date().nullish(), {
  decode: (value) => (value === undefined ? null : new Date(value)),
  encode: (date) => date?.toISOString(),
});

const header = <T extends string>(type: T) => ({
  type: z.literal(type),
  bizMsgIdr: BizMsgIdr,
  createdAt: UtcMillis,
  from: Ispb,
  to: Ispb,
});

const rule = (ctx: z.RefinementCtx, path: string[], message: string, code?: RuleCode) =>
  ctx.addIssue({ code: "custom", message, path, ...(code ? { params: { rule: code } } : {}) });

/** The BizMsgIdr carries the sender's ISPB (AppHdr/Fr). */
// Zod may run these before the fields' own checks (when encoding): they must not assume a field is there.
function senderRules(message: { bizMsgIdr?: string; from?: string }, ctx: z.RefinementCtx) {
  if (ispbOfId(message.bizMsgIdr ?? "") !== message.from)
    rule(ctx, ["bizMsgIdr"], "must carry the sender's ISPB (AppHdr/Fr)");
}

const accountFields = {
  ispb: Ispb,
  document: Document,
  branch: Branch.nullish(),
  account: AccountNumber,
  accountType: z.enum(ACCOUNT_TYPES),
};
const Debtor = z.object({ ...accountFields, name: text(140) });
const Creditor = z.object({ ...accountFields, name: text(140).nullish(), key: PixKey.nullish() });

export const Pacs008Schema = z
  .object({
    ...header("pacs.008"),
    endToEndId: EndToEndId,
    txId: TxId.nullish(),
    amountCents: BrlAmount,
    acceptedAt: IsoDateTime,
    localInstrument: z.enum(LOCAL_INSTRUMENTS),
    debtor: Debtor,
    creditor: Creditor,
    remittanceInfo: text(140).nullish(),
  })
  .superRefine((message, ctx) => {
    senderRules(message, ctx);
    if (ispbOfId(message.endToEndId ?? "") !== message.debtor?.ispb)
      rule(ctx, ["endToEndId"], "must carry the payer's ISPB (DbtrAgt)");
    const keyed = KEYED_INSTRUMENTS.includes(message.localInstrument);
    if (keyed && !message.creditor?.key)
      rule(ctx, ["creditor", "key"], `is required for ${message.localInstrument}`, "missingField");
    // typed account details name no key; the other instruments may carry the one they were given
    if (message.localInstrument === "MANU" && message.creditor?.key)
      rule(ctx, ["creditor", "key"], "must be absent for MANU (account details typed)");
    if (message.localInstrument === "QRDN" && !message.txId)
      rule(ctx, ["txId"], "is required for a dynamic QR code (QRDN)", "missingField");
  });

export const Pacs002Schema = z
  .object({
    ...header("pacs.002"),
    /** The EndToEndId of a pacs.008, or the RtrId of a pacs.004. */
    originalInstructionId: z.union([EndToEndId, ReturnId], "must be an EndToEndId or a RtrId"),
    originalEndToEndId: EndToEndId,
    status: z.enum(PAYMENT_STATUSES),
    reasonCode: ReasonCode.nullish(),
    settledAt: OptionalIsoDateTime,
  })
  .superRefine((message, ctx) => {
    senderRules(message, ctx);
    if (message.status === "RJCT" && !message.reasonCode)
      rule(ctx, ["reasonCode"], "is required with RJCT", "missingField");
    if (message.status !== "RJCT" && message.reasonCode) rule(ctx, ["reasonCode"], "is only for RJCT");
    if (SETTLED_STATUSES.includes(message.status) && !message.settledAt)
      rule(ctx, ["settledAt"], `is required with ${message.status}`, "missingField");
  });

export const Pacs004Schema = z
  .object({
    ...header("pacs.004"),
    returnId: ReturnId,
    originalEndToEndId: EndToEndId,
    amountCents: BrlAmount,
    reasonCode: z.enum(RETURN_REASONS),
    additionalInfo: text(105).nullish(),
  })
  .superRefine(senderRules);

export const Admi002Schema = z
  .object({
    ...header("admi.002"),
    relatedBizMsgIdr: BizMsgIdr,
    reasonCode: ReasonCode,
    reasonText: text(350),
  })
  .superRefine(senderRules);

export const EchoRequestSchema = z.object({ ...header("pibr.001"), data: text(1000) }).superRefine(senderRules);
export const EchoResponseSchema = z.object({ ...header("pibr.002"), data: text(1000) }).superRefine(senderRules);

export const MESSAGE_SCHEMAS = {
  "pacs.008": Pacs008Schema,
  "pacs.002": Pacs002Schema,
  "pacs.004": Pacs004Schema,
  "admi.002": Admi002Schema,
  "pibr.001": EchoRequestSchema,
  "pibr.002": EchoResponseSchema,
} as const;

export type Pacs008 = z.output<typeof Pacs008Schema>;
export type Pacs002 = z.output<typeof Pacs002Schema>;
export type Pacs004 = z.output<typeof Pacs004Schema>;
export type Admi002 = z.output<typeof Admi002Schema>;
export type EchoRequest = z.output<typeof EchoRequestSchema>;
export type EchoResponse = z.output<typeof EchoResponseSchema>;
export type SpiMessage = Pacs008 | Pacs002 | Pacs004 | Admi002 | EchoRequest | EchoResponse;
export type SpiMessageType = SpiMessage["type"];
export type SpiParty = z.output<typeof Creditor>;
export type LocalInstrument = (typeof LOCAL_INSTRUMENTS)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type ReturnReason = (typeof RETURN_REASONS)[number];
