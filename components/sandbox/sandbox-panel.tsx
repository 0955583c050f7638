"use client";

import { useTranslations } from "next-intl";
import { BalanceOverview } from "@/components/balance/balance-card";
import { Alert } from "@/components/ui/alert";
import { ApiPixKey } from "./api-pix-key";
import { MedCard } from "./med-card";
import { ReceiveCard } from "./receive-card";
import { RecurrenceCard } from "./recurrence-card";
import { RecurrencePayerCard } from "./recurrence-payer";
import { ReturnCard } from "./return-card";

/**
 * The Sandbox page: the merchant plays the other institutions (a payer, the payer's bank, a
 * receiver) on their own accounts, and sees the balances move above.
 */
export function SandboxPanel() {
  const t = useTranslations("sandbox");
  return (
    <div className="space-y-6 sm:space-y-8" data-testid="sandbox-panel">
      <Alert tone="warning" role="note" data-testid="sandbox-banner">
        <p className="font-semibold">{t("banner.title")}</p>
        <p className="mt-0.5">{t("banner.body")}</p>
        <ApiPixKey />
      </Alert>
      <BalanceOverview />
      <ReceiveCard />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <MedCard />
        <ReturnCard />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <RecurrenceCard />
        <RecurrencePayerCard />
      </div>
    </div>
  );
}
