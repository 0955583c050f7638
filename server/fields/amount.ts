/**
 * BRL amounts at the doors: a JSON number, > 0, at most two decimals, at most the per-transaction
 * maximum; parsed to integer centavos (bigint) by server/money.ts. The maximum is a server setting
 * (MAX_TRANSACTION_AMOUNT_CENTS, server/config) that the config module plugs in here; the browser
 * keeps the default and the server has the last word.
 */
import { z } from "zod";
import { AppError } from "../errors";
import { brlToCents, centsToBrl } from "../money";

export const DEFAULT_MAX_TRANSACTION_CENTS = 100_000_000n;

let transactionLimit: () => bigint = () => DEFAULT_MAX_TRANSACTION_CENTS;

/** Called once by server/config so that every amount schema reads the configured maximum. */
export function setTransactionLimit(limit: () => bigint): void {
  transactionLimit = limit;
}

export const maxTransactionCents = () => transactionLimit();

/** A BRL number → centavos; each refusal is a zod issue, hence a 400 in each surface's shape. */
export const BrlAmount = z
  .number("must be a number")
  .transform((value, ctx) => {
    try {
      return brlToCents(value, transactionLimit());
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // the reason lets a form say it in the reader's language
      ctx.addIssue({
        code: "custom",
        message: error.message.replace(/^amount /, ""),
        input: value,
        params: { reason: error.reason, maxCents: String(transactionLimit()) },
      });
      return z.NEVER;
    }
  })
  .describe(
    `BRL, greater than zero, at most two decimals, at most the per-transaction maximum (${centsToBrl(DEFAULT_MAX_TRANSACTION_CENTS).toFixed(2)} unless the operator changed it).`,
  )
  .meta({ example: 10.5 });
