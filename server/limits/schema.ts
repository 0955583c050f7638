/** The fields that change limits, for every door (BRL numbers at the doors, centavos inside). */
import { z } from "zod";
import { AppError } from "../errors";
import type { PixLimitKind } from "../generated/prisma/client";
import { brlToCents } from "../money";

/** A limit in BRL: greater than zero, at most two decimals. */
export const LimitAmount = z
  .number("must be a number")
  .transform((value, ctx) => {
    try {
      return brlToCents(value);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      ctx.addIssue({ code: "custom", message: error.message.replace(/^amount /, ""), input: value });
      return z.NEVER;
    }
  })
  .describe("BRL, greater than zero, at most two decimals.")
  .meta({ example: 5000 });

/** The limits a change names, in centavos. */
export type LimitChanges = Partial<Record<PixLimitKind, bigint>>;

export const LimitChangesInput = z.object({
  perTransaction: LimitAmount.optional(),
  daily: LimitAmount.optional(),
  monthly: LimitAmount.optional(),
  nightlyPerTransaction: LimitAmount.optional(),
  nightly: LimitAmount.optional(),
});
export type LimitChangesInput = z.output<typeof LimitChangesInput>;

/** Each door's field name of a limit. */
export const LIMIT_FIELDS = {
  per_transaction: "perTransaction",
  daily: "daily",
  monthly: "monthly",
  nightly_per_transaction: "nightlyPerTransaction",
  nightly: "nightly",
} as const satisfies Record<PixLimitKind, string>;

export function limitChanges(input: LimitChangesInput): LimitChanges {
  const changes: LimitChanges = {};
  for (const [kind, field] of Object.entries(LIMIT_FIELDS) as [PixLimitKind, keyof LimitChangesInput][]) {
    const value = input[field];
    if (value !== undefined) changes[kind] = value;
  }
  return changes;
}
