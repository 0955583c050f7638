import { z } from "@hono/zod-openapi";
import { EntryStatus } from "../ledger/schema";

export const PartySchema = z
  .object({
    ispb: z.string(),
    personType: z.enum(["company", "person"]),
    cpfCnpj: z.string(),
    name: z.string(),
    agency: z.string(),
    accountType: z.string(),
    accountNumber: z.string(),
  })
  .openapi("Party");

export const EntrySchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    idempotencyKey: z.string().openapi({ example: "debit:pix_out:processing:E99999999202611220101aBcDeFgHiJk" }),
    metadata: z.record(z.string(), z.unknown()),
    externalId: z.string().nullable(),
    type: z.enum(["debit", "credit"]),
    reason: z.string(),
    status: EntryStatus,
    grossAmount: z.number(),
    feeAmount: z.number(),
    netAmount: z.number().openapi({ description: "credit: gross − fee; debit: gross + fee (what left the account)" }),
    endToEndId: z.string().nullable(),
    parentEndToEndId: z.string().nullable(),
    entryId: z.string().nullable(),
    requestId: z.string().nullable(),
    pixKey: z.string().nullable(),
    userId: z.string(),
    accountId: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
    createdDate: z.string(),
    updatedDate: z.string(),
    payer: PartySchema.nullable(),
    receiver: PartySchema.nullable(),
    medId: z.string().nullable(),
    medCreatedAt: z.number().nullable(),
    medCreatedDate: z.string().nullable(),
    refundedEndToEndId: z.string().nullable(),
    split: z.null(),
    af: z.null(),
    sameDocument: z.null(),
    obs: z.string().nullable(),
    description: z.string().nullable(),
    errorMessage: z.string().nullable(),
  })
  .openapi("LedgerEntry");

export const StatusViewSchema = z
  .object({
    status: EntryStatus,
    grossAmount: z.number(),
    endToEndId: z.string().nullable(),
    payer: PartySchema.nullable(),
    receiver: PartySchema.nullable(),
    updatedAt: z.number(),
    updatedDate: z.string(),
  })
  .openapi("TransferStatus");
