"use client";

import { useTranslations } from "next-intl";
import { ErrorState } from "@/components/ui/list-states";

export default function DashboardError({ retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations();
  return <ErrorState title={t("errorPage.title")} description={t("errorPage.body")} onRetry={() => retry()} />;
}
