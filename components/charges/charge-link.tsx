"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyTextButton } from "@/components/ui/copy-button";

/**
 * The charge's hosted payment page, to send to the payer: "Copy link", and "Share" through the
 * device's share sheet where the browser has one (phones); without one, "Share" is not offered.
 */
export function ChargeLinkActions({ url, amount }: { url: string; amount: string }) {
  const t = useTranslations("charges.detail.link");
  // known only in the browser: the server renders without it
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  async function share() {
    try {
      await navigator.share({ title: t("shareTitle", { amount }), url });
    } catch {
      // the person closed the sheet: nothing to say
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="charge-link-actions">
      <CopyTextButton value={url} size="sm" data-testid="charge-copy-link">
        {t("copy")}
      </CopyTextButton>
      {canShare ? (
        <Button variant="secondary" size="sm" onClick={share} data-testid="charge-share-link">
          {t("share")}
        </Button>
      ) : null}
      <a href={url} target="_blank" rel="noreferrer" className="text-sm font-medium text-emerald-800 underline">
        {t("open")}
      </a>
    </div>
  );
}
