"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { formatDocument } from "@/components/forms/document";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { CheckIcon } from "@/components/ui/icons";
import { PanelStates } from "@/components/ui/list-states";

/** Approved accounts a re-screening flagged, each with its reason and the action that clears the flag. */
export function FlaggedCompanies() {
  const t = useTranslations("adminOnboarding.kyb.flagged");
  const trpc = useTRPC();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const flagged = useQuery(trpc.kyb.flagged.queryOptions());
  const clear = useMutation(
    trpc.kyb.clearFlag.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.kyb.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.onboarding.pathKey() }),
        ]),
    }),
  );
  return (
    <Card data-testid="kyb-flagged">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <PanelStates query={flagged} messages={t} testId="kyb-flagged">
          {({ companies }) =>
            companies.length === 0 ? (
              <p className="text-sm text-slate-600" data-testid="kyb-flagged-empty">
                {t("empty")}
              </p>
            ) : (
              <ul
                className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
                aria-label={t("caption")}
              >
                {companies.map((company) => (
                  <li
                    key={company.userId}
                    className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                    data-testid="kyb-flagged-row"
                    data-user-id={company.userId}
                  >
                    <div className="min-w-0 space-y-0.5">
                      <Link
                        href={`/admin/onboarding/${company.userId}`}
                        className="font-medium text-emerald-800 hover:underline"
                      >
                        {company.legalName}
                      </Link>
                      <p className="font-mono text-xs text-slate-600">{formatDocument(company.cnpj)}</p>
                      <p className="text-slate-700">
                        <span className="sr-only">{t("reason")}: </span>
                        {company.flagReason}
                      </p>
                      <p className="text-xs text-slate-500">
                        {t("flaggedAt")} {dateTime(company.flaggedAt)}
                      </p>
                    </div>
                    <ConfirmAction
                      trigger={
                        <>
                          <CheckIcon className="size-4" />
                          {t("clear")}
                        </>
                      }
                      button={{ size: "sm" }}
                      title={t("clearTitle")}
                      confirmLabel={t("clear")}
                      tone="primary"
                      pending={clear.isPending}
                      error={clear.error ? t("clearError") : null}
                      onConfirm={(close) => clear.mutate({ userId: company.userId }, { onSuccess: close })}
                      testId="kyb-clear-flag"
                    >
                      <p className="text-sm text-slate-600">{t("clearBody", { name: company.legalName })}</p>
                    </ConfirmAction>
                  </li>
                ))}
              </ul>
            )
          }
        </PanelStates>
      </CardContent>
    </Card>
  );
}
