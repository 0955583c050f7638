"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { RefundAction } from "@/components/refunds/refund-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { BanIcon } from "@/components/ui/icons";
import type { PanelCharge } from "./panel-charge";

/** An unpaid charge can be withdrawn, after a confirmation: the payer's code stops working. */
export function CancelCharge({ charge }: { charge: PanelCharge }) {
  const t = useTranslations("charges.cancel");
  const money = useMoney();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation(trpc.charges.cancel.mutationOptions());

  function confirm() {
    cancel.mutate(
      { txId: charge.txId },
      {
        onSuccess: async (view) => {
          queryClient.setQueryData(trpc.charges.byTxId.queryKey({ txId: charge.txId }), (previous) =>
            previous ? { ...previous, status: view.status } : previous,
          );
          setOpen(false);
          await queryClient.invalidateQueries(trpc.charges.pathFilter());
        },
      },
    );
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="charge-cancel">
        <BanIcon className="size-4 text-red-600" />
        {t("open")}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title={t("title")}
        confirmLabel={t("confirm")}
        cancelLabel={t("keep")}
        mutation={cancel}
        testId="charge-cancel"
      >
        <p className="text-sm text-slate-600">{t("body", { amount: money(charge.amountCents) })}</p>
      </ConfirmDialog>
    </>
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
