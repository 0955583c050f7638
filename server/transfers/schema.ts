/** Field rules of sending money (internal, to a key, to bank details, by BR Code), for every door. */
import { z } from "zod";

/** A static BR Code of R$ 10,50 to the key loja@example.invalid (its CRC is right): the reference's example. */
export const EXAMPLE_BR_CODE =
  "00020101021126420014br.gov.bcb.pix0120loja@example.invalid520400005303986540510.505802BR5912LOJA EXEMPLO6009SAO PAULO62140510PEDIDO12346304CC74";

import { BrlAmount } from "../fields/amount";
import { AccountId, EndToEndId } from "../fields/ids";
import { CpfCnpj, Description, ExternalId, Metadata, text } from "../fields/text";
import { MAX_PAYLOAD_LENGTH } from "../pix/brcode/constants";
import { MAX_PIX_KEY_LENGTH } from "../pix/keys/schema";

export const PixKey = text({ min: 1, max: MAX_PIX_KEY_LENGTH, trim: true })
  .describe(
    `A PIX key (1-${MAX_PIX_KEY_LENGTH} characters): its type is inferred — UUID → EVP, +55… → phone, with @ → e-mail, 11 digits → CPF, 14 → CNPJ.`,
  )
  .meta({ example: "ana@example.invalid" });

export { MAX_PAYLOAD_LENGTH as MAX_EMV } from "../pix/brcode/constants";
/** A BR Code (EMV copy-and-paste), static or dynamic. */
export const Emv = text({ min: 1, max: MAX_PAYLOAD_LENGTH, trim: true })
  .describe(`BR Code (copy-and-paste), 1-${MAX_PAYLOAD_LENGTH} characters.`)
  .meta({ example: EXAMPLE_BR_CODE });

/** The note of an internal transfer, seen by both accounts. */
export const Obs = Description;

const Ispb = text({ max: 8, pattern: /^\d{8}$/, patternMessage: "must be 8 digits" })
  .describe("8-digit ISPB.")
  .meta({ example: "12345678" });
const PersonType = z.enum(["company", "person"]);
const Name = text({ min: 1, max: 140, trim: true }).describe("1-140 characters.").meta({ example: "Ana Souza" });
const agency = (min: number) => text({ min, max: 10 }).meta({ example: "0001" });
const accountNumber = (min: number) => text({ min, max: 20 }).meta({ example: "123456-7" });
const accountType = (min: number) => text({ min, max: 10 }).meta({ example: "CACC" });

/** Another institution's account, for a PIX by bank details. */
export const BankAccount = z.object({
  ispb: Ispb,
  agency: agency(1),
  accountNumber: accountNumber(1),
  accountType: accountType(1),
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
    agency: agency(0),
    accountType: accountType(0),
    accountNumber: accountNumber(0),
  })
  .partial()
  .describe("Any part of a party object (name and document alone, or nothing); the sandbox fills the rest.");

export const InternalTransfer = z.object({
  amount: BrlAmount,
  receiverBankAccount: AccountId.describe("The receiving account's 12-digit number."),
  obs: Obs.optional(),
  externalId: ExternalId.optional(),
});

export const ExternalTransfer = z
  .object({
    amount: BrlAmount,
    pixKey: PixKey.optional(),
    bankAccount: BankAccount.optional(),
    description: Description.optional(),
    externalId: ExternalId.optional(),
  })
  // A PIX goes to a key or to bank details, so the example names one of them.
  .meta({
    example: { amount: 10.5, pixKey: "ana@example.invalid", description: "Pedido 1234", externalId: "pedido-1234" },
  });

export const BrCodePayment = z.object({
  emv: Emv,
  amount: BrlAmount.optional(),
  externalId: ExternalId.optional(),
  metadata: Metadata.optional(),
});

/**
 * Sandbox: a PIX from another institution, credited to one of the caller's accounts or to a key of
 * theirs (the doors say which of the two is sent).
 */
export const SandboxCredit = z
  .object({
    accountId: AccountId.optional(),
    pixKey: PixKey.optional(),
    amount: BrlAmount,
    payer: PartyInput.optional(),
  })
  .meta({
    example: { accountId: "100000000001", amount: 10.5, payer: { name: "Ana Souza", cpfCnpj: "529.982.247-25" } },
  });

/** Sandbox: the receiver of one of the caller's payments sends it back, all that is left unless `amount`. */
export const SandboxReturn = z.object({ amount: BrlAmount.optional() });

export { AccountId, EndToEndId };
