"use client";

import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { useId } from "react";
import { useAccountsOverview } from "@/components/balance/accounts";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";

type Trpc = ReturnType<typeof useTRPC>;

/**
 * What a form that writes for one of the merchant's accounts opens with: the locale (amounts are
 * read in it), an id prefix for its fields, the tRPC proxy and query cache (to refresh after the
 * write), the refusal explainer, the accounts overview with its accounts, and the mutation that
 * `mutationOptions` names, e.g. `useFormBasics((trpc) => trpc.charges.create.mutationOptions())`.
 */
export function useFormBasics<Data, Error, Variables, Context>(
  mutationOptions: (trpc: Trpc) => UseMutationOptions<Data, Error, Variables, Context>,
) {
  const locale = useLocale();
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const overview = useAccountsOverview();
  const mutation = useMutation(mutationOptions(trpc));
  const accounts = overview.data?.accounts ?? [];
  return { locale, id, trpc, queryClient, explain, overview, accounts, mutation };
}
