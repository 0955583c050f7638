"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { z } from "zod";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { isMissing } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { UndoIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { EndToEndId } from "@/server/refunds/schema";
import type { EntryView } from "@/server/trpc/routers/ledger";
import { RefundForm } from "./refund-action";

/** What can still be refunded of a received PIX, then the refund form (same service as the API). */
export function RefundOfEntry({ entry, onClose }: { entry: EntryView; onClose: () => void }) {
  const t = useTranslations("refunds.start");
  const trpc = useTRPC();
  const refundable = useQuery(trpc.refunds.refundable.queryOptions({ id: entry.id, accountId: entry.accountId }));
  // What was refundable when the dialog opened: a refund refetches it, and the form must stay to
  // show its result (a full refund leaves nothing refundable).
  const opened = useRef(refundable.data);
  opened.current ??= refundable.data;
  if (refundable.isPending) return <Skeleton className="h-48 w-full" />;
  const data = opened.current ?? refundable.data;
  if (!data?.eligible || data.refundableCents <= 0n) {
    return (
      <div className="space-y-4">
        <Alert data-testid="refund-not-eligible">{data?.eligible ? t("fullyRefunded") : t("notEligible")}</Alert>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
        </DialogActions>
      </div>
    );
  }
  return (
    <RefundForm
      entry={entry}
      originalCents={data.grossCents}
      remainingCents={data.refundableCents}
      endToEndId={data.endToEndId ?? entry.endToEndId ?? ""}
      onClose={onClose}
    />
  );
}

/** The refunds page's "New refund": find the received PIX by its end-to-end id, then refund it. */
export function StartRefund() {
  const t = useTranslations("refunds.start");
  const action = useTranslations("refunds.action");
  const [open, setOpen] = useState(false);
  const [entry, setEntry] = useState<EntryView | null>(null);
  const close = () => {
    setOpen(false);
    setEntry(null);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="refund-start">
        <UndoIcon className="size-4" />
        {t("open")}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={entry ? action("dialogTitle") : t("title")}
        description={entry ? action("dialogBody") : t("body")}
        testId="refund-start-dialog"
      >
        {entry ? <RefundOfEntry entry={entry} onClose={close} /> : <FindCredit onFound={setEntry} onClose={close} />}
      </Dialog>
    </>
  );
}

const FindForm = z.object({ endToEndId: z.string().trim().pipe(EndToEndId) });

function FindCredit({ onFound, onClose }: { onFound: (entry: EntryView) => void; onClose: () => void }) {
  const t = useTranslations("refunds.start");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm(FindForm, { defaultValues: { endToEndId: "" }, messages: { endToEndId: t("invalid") } });

  const onSubmit = form.handleSubmit(async ({ endToEndId }) => {
    const refuse = (message: string) => form.setError("endToEndId", { message });
    try {
      const entry = await queryClient.fetchQuery(trpc.ledger.byId.queryOptions({ id: endToEndId }));
      if (entry.type !== "credit") refuse(t("notCredit"));
      else onFound(entry);
    } catch (cause) {
      refuse(isMissing(cause) ? t("notFound") : t("failed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="refund-find">
      <FormField form={form} name="endToEndId" label={t("endToEndId")} hint={t("endToEndHint")}>
        {(control) => (
          <Input {...control} placeholder="E00000000202611231200abcdefghijk" className="font-mono" autoComplete="off" />
        )}
      </FormField>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t("close")}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} data-testid="refund-find-submit">
          {t("find")}
        </Button>
      </DialogActions>
    </form>
  );
}
