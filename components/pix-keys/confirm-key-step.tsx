"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { pixKeyText } from "@/components/format/text";
import { FormError, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { ConfirmPixKey, PIX_KEY_CODE_LENGTH } from "@/server/pix/keys/schema";
import type { AppRouter } from "@/server/trpc/routers";
import { useDuration, useSecondsLeft } from "./countdown";

export type PendingKey = inferRouterOutputs<AppRouter>["pixKeys"]["resendCode"];

/** The second step of an e-mail or phone key: the code sent to the key, a resend once allowed. */
export function ConfirmKeyStep({
  accountId,
  pending: initial,
  onClose,
}: {
  accountId: string;
  pending: PendingKey;
  onClose: () => void;
}) {
  const t = useTranslations("pixKeys.verify");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const duration = useDuration();
  const [pending, setPending] = useState(initial);
  const [resent, setResent] = useState(false);
  const form = useSchemaForm(ConfirmPixKey, { defaultValues: { code: "" }, messages: { code: t("invalidCode") } });
  const confirm = useMutation(trpc.pixKeys.confirm.mutationOptions());
  const resend = useMutation(trpc.pixKeys.resendCode.mutationOptions());
  const resendIn = useSecondsLeft(pending.resendAvailableAt);
  const ref = { accountId, verificationId: pending.verificationId };

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync({ ...ref, code });
      await queryClient.invalidateQueries(trpc.pixKeys.accounts.pathFilter());
      onClose();
    } catch (cause) {
      showServiceError(form, explain(cause), { code: "code" });
    }
  });

  const sendAgain = async () => {
    form.clearErrors();
    try {
      setPending(await resend.mutateAsync(ref));
      setResent(true);
      form.reset({ code: "" });
    } catch (cause) {
      showServiceError(form, explain(cause));
    }
  };

  const key = <strong className="font-mono break-all text-slate-900">{pixKeyText(pending.type, pending.key)}</strong>;
  return (
    <form onSubmit={submit} className="space-y-5" noValidate data-testid="confirm-key-step">
      <p className="text-sm text-slate-600">
        {t.rich(pending.type === "PHONE" ? "sentPhone" : "sentEmail", { key: () => key })}
      </p>
      {resent ? (
        <p role="status" className="text-sm text-emerald-700" data-testid="code-resent">
          {t("resent")}
        </p>
      ) : null}
      <FormField
        form={form}
        name="code"
        label={t("code")}
        hint={t("codeHint", { minutes: Math.max(1, Math.round((pending.expiresAt - Date.now()) / 60_000)) })}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PIX_KEY_CODE_LENGTH}
            className="font-mono tracking-widest"
            data-testid="key-code"
          />
        )}
      </FormField>
      <FormError form={form} testId="confirm-key-error" />
      <DialogActions>
        <Button
          variant="secondary"
          onClick={sendAgain}
          disabled={resendIn > 0}
          loading={resend.isPending}
          data-testid="resend-code"
        >
          {resendIn > 0 ? t("resendIn", { time: duration(resendIn) }) : t("resend")}
        </Button>
        <Button type="submit" loading={confirm.isPending} data-testid="confirm-key-submit">
          {t("confirm")}
        </Button>
      </DialogActions>
    </form>
  );
}
