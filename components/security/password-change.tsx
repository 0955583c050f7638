"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { NewPasswordFields } from "./new-password-fields";

const MIN_LENGTH = 8;

/** Change password: the current one is required; the other devices are signed out. */
export function PasswordChange() {
  const t = useTranslations("security.password");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.sessions.changePassword.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.sessions.list.pathFilter()),
    }),
  );
  const explain = useServiceError();
  const [said, setSaid] = useState<{ tone: "ok" | "error"; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    if (newPassword.length < MIN_LENGTH) return setSaid({ tone: "error", text: t("tooShort") });
    if (newPassword !== String(form.get("confirmPassword") ?? ""))
      return setSaid({ tone: "error", text: t("mismatch") });
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      formElement.reset();
      setSaid({ tone: "ok", text: t("saved") });
    } catch (error) {
      setSaid({ tone: "error", text: explain(error).message });
    }
  }

  return (
    <TitledCard title={t("title")} description={t("description")}>
      <form onSubmit={submit} className="grid max-w-md gap-4" data-testid="password-change">
        <Field id="current-password" label={t("current")}>
          <Input
            id="current-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
        </Field>
        <NewPasswordFields
          idPrefix="password-change"
          labels={{ new: t("new"), newHint: t("newHint"), confirm: t("confirm") }}
        />
        {said ? (
          <Alert tone={said.tone === "ok" ? "warning" : "danger"} role="status" data-testid="password-change-said">
            {said.text}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={change.isPending}>
            {t("save")}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
