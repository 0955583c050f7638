"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { errorData } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { ConfirmDialog } from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { MAX_BLOCK_REASON } from "@/server/admin/schema";

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
  const id = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const options = action === "block" ? trpc.adminMerchants.block : trpc.adminMerchants.unblock;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminMerchants.pathKey() });
  const mutation = useMutation(
    options.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setReason("");
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

  function confirm() {
    if (reason.trim().length < 3) {
      setFieldError(t("reasonTooShort"));
      return;
    }
    setFieldError(null);
    mutation.mutate({ accountId, reason: reason.trim() });
  }

  function close() {
    mutation.reset();
    setFieldError(null);
    onClose();
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={confirm}
      title={t(action === "block" ? "blockTitle" : "unblockTitle", { account: accountId })}
      confirmLabel={t(action === "block" ? "confirmBlock" : "confirmUnblock")}
      cancelLabel={t("cancel")}
      pending={mutation.isPending}
      error={serviceError}
      tone={action === "block" ? "danger" : "primary"}
      testId="account-status-dialog"
      confirmTestId="account-status-confirm"
    >
      <p className="text-sm text-slate-600">{t(action === "block" ? "blockBody" : "unblockBody")}</p>
      <Field id={`${id}-reason`} label={t("reason")} hint={t("reasonHint")} error={fieldError}>
        <Input
          id={`${id}-reason`}
          value={reason}
          maxLength={MAX_BLOCK_REASON}
          onChange={(event) => {
            setReason(event.target.value);
            setFieldError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
          {...describedBy(`${id}-reason`, fieldError, true)}
        />
      </Field>
    </ConfirmDialog>
  );
}
