import { parseArgs } from "node:util";
import type { Db, Tx } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { invalid } from "../../errors";
import type { Price } from "../../pricing/fee";
import { FEE_PRODUCTS, type FeeProduct, PIX_IN_PRODUCTS } from "../../pricing/products";
import { brlInput, percentInput, priceOutput } from "../../pricing/schema";
import { defaultInForce, type InForce, priceListHistory, priceListInForce, setPriceList } from "../../pricing/service";
import { cliActor } from "../actor";
import { type CliIo, emit, UsageError } from "../io";

export const FEES_USAGE =
  "fees set --account ID|--default [--pix-in-percent P] [--pix-in-fixed BRL] [--pix-in-min BRL] [--pix-in-max BRL] [--pix-out-fixed BRL] [--refund-returns-fee yes|no] [--from ISO-DATE] [--json]\n" +
  "       fees show --account ID|--default [--json]";

const PRICE_OPTIONS = ["pix-in-percent", "pix-in-fixed", "pix-in-min", "pix-in-max", "pix-out-fixed"] as const;

function parsed<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  name: string,
  text: string,
): T {
  const result = schema.safeParse(Number(text));
  if (!text.trim() || !result.success) throw invalid(`--${name}: ${text} is not a valid amount`, name);
  return result.data;
}

/** The changes the options ask for, on top of the prices in force (only the parts named change). */
function changesOf(values: Record<string, unknown>, current: InForce["items"]): Partial<Record<FeeProduct, Price>> {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const percent = text("pix-in-percent");
  const fixed = text("pix-in-fixed");
  const min = text("pix-in-min");
  const max = text("pix-in-max");
  const changes: Partial<Record<FeeProduct, Price>> = {};
  if (percent !== undefined || fixed !== undefined || min !== undefined || max !== undefined) {
    for (const product of PIX_IN_PRODUCTS) {
      const price = { ...current[product] };
      if (percent !== undefined) price.percentBasisPoints = parsed(percentInput, "pix-in-percent", percent);
      if (fixed !== undefined) price.fixedCents = parsed(brlInput, "pix-in-fixed", fixed);
      if (min !== undefined) price.minCents = parsed(brlInput, "pix-in-min", min);
      if (max !== undefined) price.maxCents = parsed(brlInput, "pix-in-max", max);
      if (price.minCents !== null && price.maxCents !== null && price.minCents > price.maxCents)
        throw invalid("--pix-in-min must not be above --pix-in-max", "pix-in-min");
      changes[product] = price;
    }
  }
  const pixOut = text("pix-out-fixed");
  if (pixOut !== undefined)
    changes.pix_out = { ...current.pix_out, fixedCents: parsed(brlInput, "pix-out-fixed", pixOut) };
  return changes;
}

function refundRuleOf(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (["yes", "sim", "true"].includes(text)) return true;
  if (["no", "não", "nao", "false"].includes(text)) return false;
  throw new UsageError(`--refund-returns-fee must be yes or no`);
}

/** The scope's list at `at`: the account's, or the default list itself. */
const currentOf = (tx: Tx, accountId: string | null, at: Date): Promise<InForce> =>
  accountId ? priceListInForce(tx, accountId, at) : defaultInForce(tx, at);

/** Operators: show the price list in force for an account (or the default list), or add a version (audited). */
export async function feesCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "set" && action !== "show") throw new UsageError(`usage: ${FEES_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      account: { type: "string" },
      default: { type: "boolean", default: false },
      from: { type: "string" },
      "refund-returns-fee": { type: "string" },
      json: { type: "boolean", default: false },
      ...Object.fromEntries(PRICE_OPTIONS.map((name) => [name, { type: "string" as const }])),
    },
    strict: true,
  });
  if (Boolean(values.account) === values.default)
    throw new UsageError(`name --account ID or --default\nusage: ${FEES_USAGE}`);
  const accountId = values.account ?? null;
  if (accountId && !(await db.account.findUnique({ where: { id: accountId }, select: { id: true } })))
    throw invalid(`account ${accountId} not found`, "account");
  if (action === "set") {
    const effectiveFrom = values.from ? new Date(values.from) : new Date();
    if (Number.isNaN(effectiveFrom.getTime())) throw new UsageError(`--from ${values.from} is not a date`);
    const refundReturnsFee = refundRuleOf(values["refund-returns-fee"]);
    await inTransaction(db, async (tx) => {
      const items = changesOf(values, (await currentOf(tx, accountId, effectiveFrom)).items);
      if (Object.keys(items).length === 0 && refundReturnsFee === undefined)
        throw new UsageError(`name at least one price\nusage: ${FEES_USAGE}`);
      await setPriceList(tx, { accountId, effectiveFrom, items, refundReturnsFee, actor: cliActor() });
    });
  }
  const inForce = await currentOf(db, accountId, new Date());
  const upcoming = (await priceListHistory(db, accountId)).filter((v) => v.effectiveFrom > new Date());
  const scope = accountId ?? "default";
  emit(
    io,
    Boolean(values.json),
    {
      accountId,
      source: inForce.source,
      versionId: inForce.version?.id ?? null,
      effectiveFrom: inForce.version?.effectiveFrom ?? null,
      refundReturnsFee: inForce.version?.refundReturnsFee ?? false,
      items: Object.fromEntries(FEE_PRODUCTS.map((product) => [product, priceOutput(inForce.items[product])])),
      upcoming: upcoming.map((v) => ({ versionId: v.id, effectiveFrom: v.effectiveFrom })),
    },
    () => [
      `price list of ${scope}: ${inForce.source}${inForce.version ? ` since ${inForce.version.effectiveFrom.toISOString()}` : ""}` +
        `, refunds ${inForce.version?.refundReturnsFee ? "give the fee back" : "keep the fee"}`,
      ...FEE_PRODUCTS.map((product) => {
        const p = priceOutput(inForce.items[product]);
        const bounds = `${p.min === null ? "" : ` min ${p.min.toFixed(2)}`}${p.max === null ? "" : ` max ${p.max.toFixed(2)}`}`;
        return `  ${product.padEnd(17)} ${p.percent.toFixed(2)} % + ${p.fixed.toFixed(2)} BRL${bounds}`;
      }),
      ...upcoming.map((v) => `  next version from ${v.effectiveFrom.toISOString()} (${v.id})`),
    ],
  );
}
