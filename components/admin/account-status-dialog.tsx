"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { z } from "zod";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { errorData } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { AccountStatusReason, MAX_BLOCK_REASON } from "@/server/admin/schema";

const ReasonForm = z.object({ reason: AccountStatusReason });

const ERROR_KEYS = { CONFLICT: "conflict", NOT_FOUND: "notFound", BAD_REQUEST: "invalid" } as const;

/**
 * "Block this account?" (or unblock) with the reason the audit log keeps. On success, or when
 * someone else changed the account meanwhile, the merchant's detail is fetched again.
 */
export function AccountStatusDialog({
  accountId,
  action,
  open,
  onClose,
  onDone,
}: {
  accountId: string;
  action: "block" | "unblock";
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useTranslations("adminMerchants.block");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm(ReasonForm, {
    defaultValues: { reason: "" },
    messages: { reason: { required: t("reasonTooShort") } },
  });
  const options = action === "block" ? trpc.adminMerchants.block : trpc.adminMerchants.unblock;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminMerchants.pathKey() });
  const mutation = useMutation(
    options.mutationOptions({
      onSuccess: async () => {
        await refresh();
        form.reset();
        onDone(t(action === "block" ? "blocked" : "unblocked", { account: accountId }));
      },
      onError: (error) => {
        if (errorData(error)?.code === "CONFLICT") void refresh();
      },
    }),
  );

  const code = mutation.isError ? errorData(mutation.error)?.code : null;
  const serviceError = mutation.isError
    ? t(`errors.${ERROR_KEYS[code as keyof typeof ERROR_KEYS] ?? "generic"}`)
    : null;

  const confirm = form.handleSubmit(({ reason }) => mutation.mutate({ accountId, reason }));

  function close() {
    mutation.reset();
    form.clearErrors();
    onClose();
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={confirm}
      title={t(action === "block" ? "blockTitle" : "unblockTitle", { account: accountId })}
      confirmLabel={t(action === "block" ? "confirmBlock" : "confirmUnblock")}
      pending={mutation.isPending}
      error={serviceError}
      tone={action === "block" ? "danger" : "primary"}
      testId="account-status"
    >
      <p className="text-sm text-slate-600">{t(action === "block" ? "blockBody" : "unblockBody")}</p>
      <FormField form={form} name="reason" label={t("reason")} hint={t("reasonHint")}>
        {(control) => (
          <Input
            {...control}
            maxLength={MAX_BLOCK_REASON}
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}
