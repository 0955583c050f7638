/**
 * A price list as it crosses the doors (BRL at the doors, server/money.ts): a percent as a number
 * (0.99 = 0.99 %, up to two decimals), fixed / min / max as BRL numbers with two decimals, zero
 * allowed. One rule, one place: every door (CLI, back office, REST) parses with these.
 */
import { z } from "zod";
import { brlToCents, centsToBrl } from "../money";
import type { Price } from "./fee";
import { FEE_PRODUCTS, type FeeProduct } from "./products";

const PERCENT_TEXT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

/** 0.99 → 99 basis points; 0 to 100 %, at most two decimals. */
export const percentInput = z
  .number()
  .finite()
  .min(0)
  .max(100)
  .refine((value) => PERCENT_TEXT.test(String(value)), "percent must have at most two decimals")
  .transform((value) => Math.round(value * 100));

/** A BRL amount ≥ 0 with at most two decimals, to centavos. */
export const brlInput = z
  .number()
  .finite()
  .min(0)
  .superRefine((value, ctx) => {
    if (value === 0) return;
    try {
      brlToCents(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an amount in BRL with at most two decimals" });
    }
  })
  .transform((value) => (value === 0 ? 0n : brlToCents(value)));

export const priceInput = z
  .object({
    percent: percentInput.default(0),
    fixed: brlInput.default(0n),
    min: brlInput.nullable().default(null),
    max: brlInput.nullable().default(null),
  })
  .strict()
  .refine((p) => p.min === null || p.max === null || p.min <= p.max, {
    message: "min must not be above max",
    path: ["min"],
  })
  .transform((p): Price => ({ percentBasisPoints: p.percent, fixedCents: p.fixed, minCents: p.min, maxCents: p.max }));

export const productInput = z.enum(FEE_PRODUCTS);

/** A new version: the products it prices (the rest carry over), from when, and the refund rule. */
export const priceListInput = z
  .object({
    accountId: z
      .string()
      .regex(/^\d{12}$/, "account id must be 12 digits")
      .nullable(),
    effectiveFrom: z.coerce.date().optional(),
    items: z.partialRecord(productInput, priceInput),
    refundReturnsFee: z.boolean().optional(),
    note: z.string().trim().max(500).nullable().optional(),
  })
  .strict();

export type PriceListInput = z.output<typeof priceListInput>;

/** A price as the doors show it: percent and BRL numbers. */
export function priceOutput(price: Price) {
  return {
    percent: price.percentBasisPoints / 100,
    fixed: centsToBrl(price.fixedCents),
    min: price.minCents === null ? null : centsToBrl(price.minCents),
    max: price.maxCents === null ? null : centsToBrl(price.maxCents),
  };
}

export type PriceOutput = ReturnType<typeof priceOutput>;
export type { FeeProduct };
