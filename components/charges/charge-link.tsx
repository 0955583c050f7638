"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

/**
 * The charge's hosted payment page, to send to the payer: "Copy link", and "Share" through the
 * device's share sheet where the browser has one (phones), else it copies too.
 */
export function ChargeLinkActions({ url, amount }: { url: string; amount: string }) {
  const t = useTranslations("charges.detail.link");
  const [said, setSaid] = useState<"copied" | "failed" | null>(null);

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), 2000);
    return () => clearTimeout(timer);
  }, [said]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid("copied");
    } catch {
      setSaid("failed");
    }
  }

  async function share() {
    if (typeof navigator.share !== "function") return copy();
    try {
      await navigator.share({ title: t("shareTitle", { amount }), url });
    } catch {
      // the payer closed the sheet: nothing to say
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="charge-link-actions">
      <Button variant="secondary" size="sm" onClick={copy} data-testid="charge-copy-link">
        {said === "copied" ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {t("copy")}
      </Button>
      <Button variant="secondary" size="sm" onClick={share} data-testid="charge-share-link">
        {t("share")}
      </Button>
      <a href={url} target="_blank" rel="noreferrer" className="text-sm font-medium text-emerald-800 underline">
        {t("open")}
      </a>
      <span role="status" aria-live="polite" className="text-xs font-medium">
        {said === "copied" ? <span className="text-emerald-700">{t("copied")}</span> : null}
        {said === "failed" ? <span className="text-red-700">{t("failed")}</span> : null}
      </span>
    </div>
  );
}
