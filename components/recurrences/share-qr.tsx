"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { PixCodeBlock } from "@/components/payment-page/pix-code-block";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";

/**
 * The QR journey (JORNADA_2) of a recurrence awaiting approval: its QR, copy-and-paste code and
 * hosted authorisation page; the location behind them is created on the merchant's first ask.
 */
export function ShareQrCard({ idRec }: { idRec: string }) {
  const t = useTranslations("recurrences.share");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const share = useQuery(trpc.recurrences.share.queryOptions({ idRec }));
  const create = useMutation(
    trpc.recurrences.createShare.mutationOptions({
      onSuccess: (created) => queryClient.setQueryData(trpc.recurrences.share.queryKey({ idRec }), created),
    }),
  );
  const data = share.data ?? null;
  return (
    <TitledCard title={t("qrTitle")} description={t("qrDescription")} data-testid="recurrence-share-qr">
      {share.isError || create.isError ? <Alert>{t("qrLoadFailed")}</Alert> : null}
      {data ? (
        <div className="space-y-3">
          <PixCodeBlock emv={data.emv} qrCode={data.qrCode} qrAlt={t("qrAlt")} scan={t("qrScan")} />
          <a
            href={data.pagePath}
            target="_blank"
            rel="noopener"
            className="text-sm font-medium text-emerald-700 underline"
            data-testid="recurrence-share-page"
          >
            {t("qrPage")}
          </a>
        </div>
      ) : share.isSuccess ? (
        <Button
          variant="secondary"
          loading={create.isPending}
          onClick={() => create.mutate({ idRec })}
          data-testid="recurrence-share-qr-create"
        >
          {create.isPending ? t("qrCreating") : t("qrCreate")}
        </Button>
      ) : null}
    </TitledCard>
  );
}
