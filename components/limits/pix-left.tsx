"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Money, useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/**
 * Beside the send form: what the account's PIX limits leave today (and, at night, tonight) and the
 * most one payment may move now. Nothing while the limits are unknown: the send is checked anyway.
 */
export function PixLeft({ accountId }: { accountId: string }) {
  const t = useTranslations("limits.send");
  const money = useMoney();
  const trpc = useTRPC();
  const limits = useQuery(trpc.limits.view.queryOptions({ accountId }));
  if (limits.isPending) return <Skeleton className="h-20 w-full" />;
  if (limits.isError) return null;
  const { remaining, night } = limits.data;
  return (
    <Card className="space-y-2 p-5 text-sm" data-testid="pix-left">
      <p className="flex items-baseline justify-between gap-3">
        <span className="text-slate-600">{t("today")}</span>
        <Money cents={remaining.day} testId="pix-left-today" className="font-medium text-slate-900" />
      </p>
      {night && remaining.night !== null ? (
        <p className="flex items-baseline justify-between gap-3">
          <span className="text-slate-600">{t("tonight")}</span>
          <Money cents={remaining.night} testId="pix-left-tonight" className="font-medium text-slate-900" />
        </p>
      ) : null}
      <p className="text-xs text-slate-500" data-testid="pix-left-now">
        {t("perPayment", { amount: money(remaining.now) })}
      </p>
      <Link href="/limits" className="inline-block text-xs font-medium text-emerald-700 hover:underline">
        {t("manage")}
      </Link>
    </Card>
  );
}
