"use client";

import { useTranslations } from "next-intl";
/**
 * A blocked account is unmistakable: on every dashboard page, a banner per blocked account with
 * the reason the operator gave and whom to contact. Money actions say the same where they offer
 * the account (`useBlockedReason`).
 */
import { useAccountsOverview } from "@/components/balance/accounts";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";

type BlockableAccount = { accountId: string; status: string; statusReason: string | null };

export function BlockedAccountsBanner() {
  const _trpc = useTRPC();
  const overview = useAccountsOverview();
  const t = useTranslations("live.blocked");
  const blocked = overview.data?.accounts.filter((account) => account.status === "inactive") ?? [];
  if (blocked.length === 0) return null;
  return (
    <div className="mb-6 space-y-3" data-testid="blocked-banner">
      {blocked.map((account) => (
        <Alert key={account.accountId} tone="danger" role="alert">
          <p className="font-semibold">{t("title", { account: account.accountId, name: account.name })}</p>
          <p className="mt-1">{account.statusReason ? t("reason", { reason: account.statusReason }) : t("noReason")}</p>
          <p className="mt-1">{t("contact", { contact: overview.data?.supportContact ?? "" })}</p>
        </Alert>
      ))}
    </div>
  );
}

/** Why money cannot move from or to `account` (null when it can), in the reader's language. */
export function useBlockedReason() {
  const t = useTranslations("live.blocked");
  return (account: BlockableAccount | null | undefined): string | null =>
    account?.status === "inactive"
      ? t("actionsDisabled", { reason: account.statusReason ?? t("noReasonShort") })
      : null;
}
