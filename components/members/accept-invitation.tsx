"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";

type Invitation = { organization: string; email: string; role: string; hasAccount: boolean };

/** Joins the organisation: a new person chooses a name and password, someone with an account proves theirs. */
export function AcceptInvitation({ token, invitation }: { token: string; invitation: Invitation }) {
  const t = useTranslations("members.accept");
  const trpc = useTRPC();
  const explain = useServiceError();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const accept = useMutation(trpc.members.accept.mutationOptions());

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    accept.mutate({ token, password, ...(invitation.hasAccount ? {} : { name }) });
  }

  if (accept.isSuccess) {
    return (
      <div className="space-y-4" data-testid="invitation-accepted">
        <p role="status" className="text-sm text-slate-700">
          {t("done", { email: accept.data.email })}
        </p>
        <ButtonLink href={`/login?email=${encodeURIComponent(accept.data.email)}`} className="w-full">
          {t("signIn")}
        </ButtonLink>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          {t("title", { organization: invitation.organization })}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t("intro", { role: invitation.role, email: invitation.email })}</p>
        <p className="mt-2 text-sm text-slate-600">{invitation.hasAccount ? t("existingAccount") : t("newAccount")}</p>
      </div>
      {invitation.hasAccount ? null : (
        <Field id="invite-name" label={t("name")}>
          <Input id="invite-name" required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
      )}
      <Field id="invite-password" label={t("password")} hint={invitation.hasAccount ? undefined : t("passwordHint")}>
        <Input
          id="invite-password"
          type="password"
          required
          minLength={8}
          autoComplete={invitation.hasAccount ? "current-password" : "new-password"}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      {accept.isError ? <Alert data-testid="invitation-error">{explain(accept.error).message}</Alert> : null}
      <Button type="submit" className="w-full" loading={accept.isPending} data-testid="invitation-submit">
        {t("submit")}
      </Button>
    </form>
  );
}
