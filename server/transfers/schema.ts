/** Field rules of sending money (internal, to a key, to bank details, by BR Code), for every door. */
import { z } from "zod";
import { BrlAmount } from "../fields/amount";
import { AccountId, EndToEndId } from "../fields/ids";
import { CpfCnpj, Description, ExternalId, Metadata, text } from "../fields/text";
import { MAX_PAYLOAD_LENGTH } from "../pix/brcode/constants";
import { MAX_PIX_KEY_LENGTH } from "../pix/keys/schema";

export const PixKey = text({ min: 1, max: MAX_PIX_KEY_LENGTH, trim: true }).describe(
  `A PIX key (1-${MAX_PIX_KEY_LENGTH} characters): its type is inferred — UUID → EVP, +55… → phone, with @ → e-mail, 11 digits → CPF, 14 → CNPJ.`,
);

export { MAX_PAYLOAD_LENGTH as MAX_EMV } from "../pix/brcode/constants";
/** A BR Code (EMV copy-and-paste), static or dynamic. */
export const Emv = text({ min: 1, max: MAX_PAYLOAD_LENGTH, trim: true }).describe(
  `BR Code (copy-and-paste), 1-${MAX_PAYLOAD_LENGTH} characters.`,
);

/** The note of an internal transfer, seen by both accounts. */
export const Obs = Description;

const Ispb = text({ max: 8, pattern: /^\d{8}$/, patternMessage: "must be 8 digits" }).describe("8-digit ISPB.");
const PersonType = z.enum(["company", "person"]);
const Name = text({ min: 1, max: 140, trim: true }).describe("1-140 characters.");

/** Another institution's account, for a PIX by bank details. */
export const BankAccount = z.object({
  ispb: Ispb,
  agency: text({ min: 1, max: 10 }),
  accountNumber: text({ min: 1, max: 20 }),
  accountType: text({ min: 1, max: 10 }),
  cpfCnpj: CpfCnpj,
  name: Name,
});

/**
 * Who paid, as a simulated institution reports it (sandbox): any part of a party object, e.g.
 * name and document alone, or nothing; the sandbox fills the rest deterministically.
 */
export const PartyInput = z
  .object({
    ispb: Ispb,
    personType: PersonType,
    cpfCnpj: CpfCnpj,
    name: Name,
    agency: text({ max: 10 }),
    accountType: text({ max: 10 }),
    accountNumber: text({ max: 20 }),
  })
  .partial()
  .describe("Any part of a party object (name and document alone, or nothing); the sandbox fills the rest.");

export const InternalTransfer = z.object({
  amount: BrlAmount,
  receiverBankAccount: AccountId.describe("The receiving account's 12-digit number."),
  obs: Obs.optional(),
  externalId: ExternalId.optional(),
});

export const ExternalTransfer = z.object({
  amount: BrlAmount,
  pixKey: PixKey.optional(),
  bankAccount: BankAccount.optional(),
  description: Description.optional(),
  externalId: ExternalId.optional(),
});

export const BrCodePayment = z.object({
  emv: Emv,
  amount: BrlAmount.optional(),
  externalId: ExternalId.optional(),
  metadata: Metadata.optional(),
});

export { AccountId, EndToEndId };
