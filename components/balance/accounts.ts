"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers/trpc-provider";

/**
 * The signed-in merchant's accounts with their balances, status and the amount settings
 * (`account.overview`): one cached query every page and form that offers an account reads, and
 * the one the live updates refresh when money moves.
 */
export function useAccountsOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.account.overview.queryOptions());
}
