"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useTransition } from "react";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon, GlobeIcon } from "@/components/ui/icons";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES } from "@/i18n/config";

/** Stores the choice in the `locale` cookie and re-renders the server components in it. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const t = useTranslations("language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();

  function change(next: string) {
    if (!isLocale(next) || next === locale) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by i18n/request.ts
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <div className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      <GlobeIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
      <select
        id={id}
        value={locale}
        onChange={(event) => change(event.target.value)}
        disabled={pending}
        aria-busy={pending || undefined}
        className={cn(
          "h-9 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pr-8 pl-8 text-sm text-slate-800 shadow-sm",
          "hover:bg-slate-50 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25",
          "disabled:cursor-wait disabled:opacity-70",
        )}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {t(value)}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}
