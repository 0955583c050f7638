"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { Stat } from "@/components/admin/overview";
import { useCalendarDate, useDateTime } from "@/components/format/date-time";
import { Money, useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { parseAsDay } from "@/components/lists/list-state";
import { PeriodForm } from "@/components/lists/period-form";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { TitledCard } from "@/components/ui/card";
import { WalletIcon } from "@/components/ui/icons";
import { isCalendarDay } from "@/server/time";
import type { AppRouter } from "@/server/trpc/routers";
import { PriceTable } from "./price-table";

type Outputs = inferRouterOutputs<AppRouter>["fees"];
type AccountPrices = Outputs["priceLists"][number];
type AccountFees = Outputs["paid"]["accounts"][number];
type FeeRow = AccountFees["byProduct"][number];

const PERIOD = { from: parseAsDay, to: parseAsDay };
const day = (value: string | null) => (value && isCalendarDay(value) ? value : undefined);

/** The dashboard's "Tarifas": each account's price list in force (and the next one), then the fees paid in a period. */
export function FeesOverview() {
  const t = useTranslations("fees");
  const trpc = useTRPC();
  const lists = useQuery(trpc.fees.priceLists.queryOptions());
  const [period, setPeriod] = useQueryStates(PERIOD, { history: "replace", scroll: false });
  const paid = useQuery(
    trpc.fees.paid.queryOptions({ from: day(period.from), to: day(period.to) }, { placeholderData: keepPreviousData }),
  );
  const chosen = period.from !== null || period.to !== null;
  return (
    <div className="space-y-8">
      <CollectionStates testId="price-lists" query={lists} messages={t} icon={WalletIcon}>
        {(accounts) => (
          <div className="space-y-6">
            {accounts.map((account) => (
              <AccountPriceList key={account.accountId} account={account} />
            ))}
          </div>
        )}
      </CollectionStates>
      <section aria-labelledby="fees-paid" className="space-y-4" data-testid="fees-paid">
        <h2 id="fees-paid" className="text-base font-semibold text-slate-900">
          {t("paid.title")}
        </h2>
        <PeriodForm
          namespace="fees.filters"
          testId="fees-period"
          key={`${paid.data?.from}:${paid.data?.to}`}
          from={paid.data?.from ?? period.from ?? ""}
          to={paid.data?.to ?? period.to ?? ""}
          onApply={setPeriod}
          onClear={chosen ? () => setPeriod({ from: null, to: null }) : undefined}
        />
        <CollectionStates
          testId="fees-paid"
          query={paid}
          messages={t}
          icon={WalletIcon}
          isEmpty={(d) => d.accounts.length === 0}
        >
          {(data) => <FeesPaid report={data} />}
        </CollectionStates>
      </section>
    </div>
  );
}

function AccountPriceList({ account }: { account: AccountPrices }) {
  const t = useTranslations("fees");
  const dateTime = useDateTime();
  const { inForce, next } = account;
  return (
    <TitledCard
      title={`${account.name} · ${account.accountId}`}
      description={t(`source.${inForce.source}`)}
      data-testid="price-list"
      data-account-id={account.accountId}
      contentClassName="space-y-4"
    >
      {inForce.version ? (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone="success">{t("inForce")}</Badge>
            <span>{t("since", { date: dateTime(inForce.version.effectiveFrom) })}</span>
            <span data-testid="refund-returns-fee">
              {t("refundReturnsFee", { answer: t(inForce.version.refundReturnsFee ? "yes" : "no") })}
            </span>
          </div>
          <PriceTable items={inForce.items} testId="price-item" />
        </>
      ) : null}
      {next ? (
        <div className="space-y-3 border-t border-slate-100 pt-4" data-testid="price-list-next">
          <p className="text-sm font-medium text-slate-900">{t("next", { date: dateTime(next.effectiveFrom) })}</p>
          <PriceTable items={next.items} testId="next-price-item" />
        </div>
      ) : null}
    </TitledCard>
  );
}

function FeesPaid({ report }: { report: Outputs["paid"] }) {
  const t = useTranslations("fees");
  const calendarDate = useCalendarDate();
  const money = useMoney();
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600" data-testid="fees-period-shown">
        {t("paid.period", { from: calendarDate(report.from), to: calendarDate(report.to) })}
      </p>
      {report.accounts.map((account) => (
        <div
          key={account.accountId}
          className="space-y-3"
          data-testid="fees-account"
          data-account-id={account.accountId}
        >
          <Stat label={`${t("paid.total")} · ${account.name}`} testId="fees-total">
            <Money cents={account.totalFeeCents} testId="fees-total-amount" />
          </Stat>
          {account.byProduct.length === 0 ? (
            <p className="text-sm text-slate-600">{t("paid.empty")}</p>
          ) : (
            <ListRows
              rows={account.byProduct}
              rowKey={(row) => row.product}
              caption={t("paid.caption")}
              testId="fee-paid"
              columns={[
                {
                  header: t("columns.product"),
                  cellClassName: "font-medium text-slate-900",
                  cell: (row: FeeRow) => t(`products.${row.product}`),
                  testId: "fee-paid-product",
                },
                { ...amountColumn(t("columns.count"), (row: FeeRow) => row.count), testId: "fee-paid-count" },
                {
                  ...amountColumn(t("columns.gross"), (row: FeeRow) => money(row.grossCents)),
                  testId: "fee-paid-gross",
                },
                { ...amountColumn(t("columns.fee"), (row: FeeRow) => money(row.feeCents)), testId: "fee-paid-fee" },
              ]}
              card={(row) => ({
                title: t(`products.${row.product}`),
                amount: money(row.feeCents),
                subtitle: `${t("columns.gross")} ${money(row.grossCents)}`,
                note: `${t("columns.count")} ${row.count}`,
              })}
            />
          )}
        </div>
      ))}
    </div>
  );
}
