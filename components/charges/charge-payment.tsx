"use client";

import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/format/date-time";
import { entryHref, StatusBadge } from "@/components/format/entry";
import { AmountRow, useMoney } from "@/components/format/money";
import { DetailCard, DetailRow } from "@/components/ui/detail-list";
import type { ChargeDetailView } from "@/server/trpc/routers/charges";

type Payment = NonNullable<ChargeDetailView["payment"]>;

/** Who paid a charge, as a third party is shown: name, masked document, institution when known. */
export function ChargePayer({ payer }: { payer: NonNullable<Payment["payer"]> }) {
  const t = useTranslations("charges.detail.payer");
  return (
    <DetailCard title={t("title")} testId="charge-payer">
      <DetailRow label={t("name")}>
        <span className="font-medium" data-testid="charge-payer-name">
          {payer.name}
        </span>
      </DetailRow>
      <DetailRow label={t("document")}>
        <span className="tabular-nums" data-testid="charge-payer-document">
          {payer.cpfCnpj}
        </span>
      </DetailRow>
      <DetailRow label={t("institution")}>
        <span data-testid="charge-payer-institution">
          {payer.institution
            ? t("institutionNamed", { name: payer.institution, ispb: payer.ispb })
            : t("institutionIspb", { ispb: payer.ispb })}
        </span>
      </DetailRow>
    </DetailCard>
  );
}

/** What the paying PIX moved: its gross, the fee of the account's price list and the net credited. */
export function ChargeAmounts({ payment }: { payment: Payment }) {
  const t = useTranslations("charges.detail.amounts");
  return (
    <DetailCard title={t("title")} testId="charge-amounts">
      <AmountRow label={t("gross")} cents={payment.grossCents} testId="charge-gross" />
      <AmountRow label={t("fee")} cents={payment.feeCents} testId="charge-fee" />
      <AmountRow label={t("net")} cents={payment.netCents} strong testId="charge-net" />
    </DetailCard>
  );
}

/** The refunds of a paid charge, oldest first, each opening its ledger entry. */
export function ChargeRefunds({ accountId, payment }: { accountId: string; payment: Payment }) {
  const t = useTranslations("charges.detail.refunds");
  const money = useMoney();
  const dateTime = useDateTime();
  if (payment.refunds.length === 0) return null;
  return (
    <DetailCard title={t("title", { count: payment.refunds.length })} testId="charge-refunds">
      {payment.refunds.map((refund, index) => (
        <DetailRow key={refund.endToEndId ?? index} label={dateTime(refund.createdAt)}>
          <span className="flex flex-wrap items-center gap-2" data-testid="charge-refund-row">
            {refund.endToEndId ? (
              <a
                href={entryHref({ id: refund.endToEndId, accountId })}
                className="font-medium text-slate-900 tabular-nums underline-offset-2 hover:underline"
              >
                {money(refund.amountCents)}
              </a>
            ) : (
              <span className="font-medium tabular-nums">{money(refund.amountCents)}</span>
            )}
            <StatusBadge status={refund.status} />
            {refund.description ? <span className="text-slate-600">{refund.description}</span> : null}
          </span>
        </DetailRow>
      ))}
    </DetailCard>
  );
}
