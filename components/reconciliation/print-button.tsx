"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FileTextIcon } from "@/components/ui/icons";

export function PrintButton() {
  const t = useTranslations("reconciliation.receipt");
  return (
    <Button variant="secondary" onClick={() => window.print()} data-testid="receipt-print">
      <FileTextIcon className="size-4" />
      {t("print")}
    </Button>
  );
}
