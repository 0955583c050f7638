"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { RefundAction } from "@/components/refunds/refund-action";
import { Card } from "@/components/ui/card";
import { CancelAction } from "@/components/ui/confirm-action";
import type { PanelCharge } from "./panel-charge";

/** An unpaid charge can be withdrawn, after a confirmation: the payer's code stops working. */
export function CancelCharge({ charge }: { charge: PanelCharge }) {
  const t = useTranslations("charges.cancel");
  const money = useMoney();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.charges.cancel.mutationOptions());

  function confirm(close: () => void) {
    cancel.mutate(
      { txId: charge.txId },
      {
        onSuccess: async (view) => {
          queryClient.setQueryData(trpc.charges.byTxId.queryKey({ txId: charge.txId }), (previous) =>
            previous ? { ...previous, status: view.status } : previous,
          );
          close();
          await queryClient.invalidateQueries(trpc.charges.pathFilter());
        },
      },
    );
  }

  return (
    <CancelAction
      messages={t}
      body={t("body", { amount: money(charge.amountCents) })}
      mutation={cancel}
      onConfirm={confirm}
      testId="charge-cancel"
    />
  );
}

/** A paid charge's PIX can be refunded from the charge itself (the ledger entry's refund bar). */
export function ChargeRefund({ charge }: { charge: PanelCharge }) {
  const trpc = useTRPC();
  const paid = charge.status === "paid" && charge.paidEndToEndId !== null;
  const entry = useQuery({
    ...trpc.ledger.byId.queryOptions({ id: charge.paidEndToEndId ?? "", accountId: charge.accountId }),
    enabled: paid,
  });
  if (!paid || !entry.data) return null;
  return (
    <Card className="overflow-hidden" data-testid="charge-refund">
      <RefundAction entry={entry.data} />
    </Card>
  );
}
