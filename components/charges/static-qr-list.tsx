"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { Can } from "@/components/layout/permissions";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { CopyTextButton } from "@/components/ui/copy-button";
import { FileTextIcon, QrCodeIcon, TrashIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { Placeholders, Skeleton } from "@/components/ui/skeleton";
import type { StaticQrView } from "@/server/trpc/routers/charges";
import { NewStaticQr } from "./static-qr-form";

/** The merchant's static QR codes: create, print, copy, remove. */
export function StaticQrList() {
  const t = useTranslations("staticQr");
  const trpc = useTRPC();
  const list = useQuery(trpc.charges.static.list.queryOptions());

  return (
    <div className="space-y-6">
      <Can permission="charges.write">
        <NewStaticQr />
      </Can>
      <CollectionStates
        testId="static-qr"
        query={list}
        messages={t}
        icon={QrCodeIcon}
        skeleton={
          <LoadingState label={t("loading")} testId="static-qr-loading" className="grid gap-4 sm:grid-cols-2">
            <Placeholders count={2}>
              <Skeleton className="h-40 w-full" />
            </Placeholders>
          </LoadingState>
        }
      >
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="static-qr-list">
            {data.map((code) => (
              <StaticQrCard key={code.id} code={code} />
            ))}
          </ul>
        )}
      </CollectionStates>
    </div>
  );
}

function StaticQrCard({ code }: { code: StaticQrView }) {
  const t = useTranslations("staticQr");
  const money = useMoney();
  const dateTime = useDateTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.charges.static.remove.mutationOptions());

  function confirm(close: () => void) {
    remove.mutate(
      { id: code.id },
      {
        onSuccess: async () => {
          close();
          await queryClient.invalidateQueries(trpc.charges.static.pathFilter());
        },
      },
    );
  }

  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-5" data-testid="static-qr-card" data-id={code.id}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900" data-testid="static-qr-label">
              {code.label}
            </p>
            <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{dateTime(code.createdAt)}</p>
          </div>
          {code.amountCents === null ? (
            <Badge tone="neutral">{t("openAmount")}</Badge>
          ) : (
            <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="static-qr-amount">
              {money(code.amountCents)}
            </span>
          )}
        </div>
        <dl className="space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-slate-500">{t("key")}</dt>
            <dd className="min-w-0 break-all text-slate-800" data-testid="static-qr-key">
              {code.pixKey}
            </dd>
          </div>
          {code.description ? (
            <div className="flex gap-2">
              <dt className="text-slate-500">{t("descriptionField")}</dt>
              <dd className="min-w-0 break-words text-slate-800">{code.description}</dd>
            </div>
          ) : null}
        </dl>
        <div className="mt-auto flex flex-wrap gap-2">
          <ButtonLink href={`/print/static-qr/${code.id}`} size="sm" data-testid="static-qr-print">
            <FileTextIcon className="size-4" />
            {t("printAction")}
          </ButtonLink>
          <CopyTextButton value={code.emv} size="sm">
            {t("copy")}
          </CopyTextButton>
          <Can permission="charges.write">
            <ConfirmAction
              trigger={
                <>
                  <TrashIcon className="size-4" />
                  {t("remove")}
                </>
              }
              button={{ variant: "ghost", size: "sm", "aria-label": t("removeLabel", { label: code.label }) }}
              onConfirm={confirm}
              title={t("removeTitle")}
              confirmLabel={t("remove")}
              cancelLabel={t("keep")}
              mutation={remove}
            >
              <p className="text-sm text-slate-600">{t("removeBody", { label: code.label })}</p>
            </ConfirmAction>
          </Can>
        </div>
      </Card>
    </li>
  );
}
