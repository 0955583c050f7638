"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { AlertCircleIcon } from "@/components/ui/icons";

export default function DashboardError({ retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations();
  return (
    <EmptyState
      icon={AlertCircleIcon}
      title={t("errorPage.title")}
      description={t("errorPage.body")}
      action={
        <Button variant="secondary" onClick={() => retry()}>
          {t("common.retry")}
        </Button>
      }
    />
  );
}
