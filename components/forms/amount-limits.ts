"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { useTRPC } from "@/components/providers/trpc-provider";
import { amountText } from "./amount";

/** The operator's amount settings the forms check before asking the server (null while loading). */
export function useAmountLimits(): { maxTransactionCents: bigint; confirmAboveCents: bigint } | null {
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.account.overview.queryOptions(), select: (data) => data.limits });
  return overview.data ?? null;
}

/** What an amount field holds so far, in centavos, or null while it is not an amount. */
export function useTypedAmount(raw: string | undefined): bigint | null {
  const locale = useLocale();
  const parsed = amountText(locale).safeParse(raw ?? "");
  return parsed.success ? parsed.data : null;
}
