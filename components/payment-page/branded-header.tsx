"use client";

import { LanguageSwitcher } from "@/components/i18n/language-switcher";

/** The top of a hosted page under the merchant's brand: logo, what the payer does, whom to, language. */
export function BrandedHeader({
  logoUrl,
  lead,
  merchantName,
}: {
  logoUrl: string | null | undefined;
  lead: string;
  merchantName: string;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        {logoUrl ? (
          // biome-ignore lint/performance/noImgElement: a small stored logo, no optimisation needed
          <img src={logoUrl} alt="" className="size-10 shrink-0 rounded-lg object-contain" />
        ) : null}
        <div className="min-w-0">
          <p className="text-xs text-slate-600">{lead}</p>
          <h1 className="text-lg font-semibold break-words text-slate-900" data-testid="merchant-name">
            {merchantName}
          </h1>
        </div>
      </div>
      <LanguageSwitcher className="w-36 shrink-0" />
    </header>
  );
}
