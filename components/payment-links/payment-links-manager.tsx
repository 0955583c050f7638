"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { Can, useCan } from "@/components/layout/permissions";
import { CardList, ListCard } from "@/components/lists/card-list";
import { amountColumn, DataTable, RowTitle, Stacked } from "@/components/lists/data-table";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { QrCodeIcon } from "@/components/ui/icons";
import { PanelStates } from "@/components/ui/list-states";
import type { PaymentLinkView } from "@/server/payment-links/view";
import { CreateLinkForm } from "./create-link-form";

/** The merchant's payment links: create one, see each one's payments and total received, deactivate. */
export function PaymentLinksManager() {
  const t = useTranslations("paymentLinks");
  const trpc = useTRPC();
  const money = useMoney();
  const dateTime = useDateTime();
  const list = useQuery(trpc.paymentLinks.list.queryOptions());
  const [created, setCreated] = useState<string | null>(null);

  const amountOf = (link: PaymentLinkView) =>
    link.amountCents !== null
      ? money(link.amountCents)
      : t("range", { lowest: money(link.minAmountCents ?? 0n), highest: money(link.maxAmountCents ?? 0n) });

  return (
    <div className="space-y-6">
      <Can permission="paymentLinks.manage">
        <CreateLinkForm onCreated={setCreated} />
      </Can>
      {created ? (
        <Alert tone="warning" role="status" data-testid="link-created">
          <span className="font-medium">{t("created")}</span>{" "}
          <span className="break-all" data-testid="link-created-url">
            {created}
          </span>{" "}
          <CopyButton value={created} label={t("url")} />
        </Alert>
      ) : null}
      <PanelStates query={list} messages={t} testId="links">
        {(data) =>
          data.length === 0 ? (
            <EmptyState icon={QrCodeIcon} title={t("empty.title")} description={t("empty.body")} />
          ) : (
            <>
              <CardList rows={data} rowKey={(link) => link.id} testId="links-cards">
                {(link) => (
                  <ListCard
                    testId="link-card"
                    title={link.description}
                    subtitle={<span className="break-all">{link.url}</span>}
                    amount={amountOf(link)}
                    status={<StatusBadge link={link} />}
                    note={t("paymentsNote", { count: link.paymentsCount, received: money(link.receivedCents) })}
                  >
                    <LinkActions link={link} />
                  </ListCard>
                )}
              </CardList>
              <DataTable
                caption={t("caption")}
                testId="links-table"
                rowTestId="link-row"
                from="lg"
                rows={data}
                rowKey={(link) => link.id}
                columns={[
                  {
                    header: t("columns.link"),
                    cell: (link) => (
                      <Stacked
                        main={<RowTitle wrap>{link.description}</RowTitle>}
                        sub={<span className="break-all">{link.url}</span>}
                      />
                    ),
                  },
                  amountColumn(t("columns.amount"), amountOf, "w-[10rem]"),
                  {
                    header: t("columns.payments"),
                    className: "w-[7rem] text-right",
                    testId: "link-payments",
                    cell: (link) =>
                      link.maxPayments ? `${link.paymentsCount} / ${link.maxPayments}` : link.paymentsCount,
                  },
                  amountColumn<PaymentLinkView>(t("columns.received"), (link) => money(link.receivedCents), "w-[9rem]"),
                  {
                    header: t("columns.status"),
                    className: "w-[8rem]",
                    cell: (link) => (
                      <Stacked
                        main={<StatusBadge link={link} />}
                        sub={link.expiresAt ? t("until", { date: dateTime(link.expiresAt, "short") }) : undefined}
                      />
                    ),
                  },
                  {
                    header: <span className="sr-only">{t("columns.actions")}</span>,
                    className: "w-[12rem] text-right",
                    cell: (link) => <LinkActions link={link} />,
                  },
                ]}
              />
            </>
          )
        }
      </PanelStates>
    </div>
  );
}

function StatusBadge({ link }: { link: PaymentLinkView }) {
  const t = useTranslations("paymentLinks");
  return <Badge tone={link.active ? "success" : "neutral"}>{link.active ? t("active") : t("inactive")}</Badge>;
}

/** Copy the link's address; deactivate it while active. */
function LinkActions({ link }: { link: PaymentLinkView }) {
  const t = useTranslations("paymentLinks");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deactivate = useMutation(trpc.paymentLinks.deactivate.mutationOptions());
  const mayManage = useCan("paymentLinks.manage");
  return (
    <span className="inline-flex items-center gap-2">
      <CopyButton value={link.url} label={t("url")} />
      {link.active && mayManage ? (
        <Button
          variant="secondary"
          size="sm"
          loading={deactivate.isPending}
          onClick={async () => {
            await deactivate.mutateAsync({ id: link.id });
            await queryClient.invalidateQueries(trpc.paymentLinks.list.pathFilter());
          }}
          data-testid="deactivate-link"
        >
          {t("deactivate")}
        </Button>
      ) : null}
    </span>
  );
}
