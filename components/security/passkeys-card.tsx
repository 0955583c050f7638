"use client";

import { startRegistration } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useTRPC, useTRPCClient } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useStepUp } from "./step-up";

type PasskeyView = { id: string; name: string; createdAt: Date };

/** Passkeys: the list, adding one through the browser (WebAuthn) and removing one. */
export function PasskeysCard({
  passkeys,
  onChanged,
  onRecoveryCodes,
}: {
  passkeys: PasskeyView[];
  onChanged: () => void;
  /** the recovery codes a first second factor comes with, to show once */
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const t = useTranslations("security.passkeys");
  const format = useFormatter();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const stepUp = useStepUp();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const remove = useMutation(trpc.security.removePasskey.mutationOptions({ onSuccess: onChanged }));

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    setAdding(true);
    setFailed(false);
    try {
      const optionsJSON = await client.security.passkeyRegistrationOptions.mutate();
      const response = await startRegistration({ optionsJSON });
      const added = await client.security.registerPasskey.mutate({
        name,
        response: response as unknown as Record<string, unknown>,
      });
      form.reset();
      if (added.recoveryCodes) onRecoveryCodes(added.recoveryCodes);
      onChanged();
    } catch {
      setFailed(true);
    } finally {
      setAdding(false);
    }
  }

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {failed ? <Alert data-testid="passkey-error">{t("failed")}</Alert> : null}
        {passkeys.length === 0 ? (
          <p className="text-sm text-slate-500">{t("none")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="passkey-list">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div>
                  <p className="text-sm font-medium text-slate-900">{passkey.name}</p>
                  <p className="text-xs text-slate-500">
                    {t("added", { date: format.dateTime(passkey.createdAt, { dateStyle: "medium" }) })}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() =>
                    stepUp.run(
                      (onError) => remove.mutate({ passkeyId: passkey.id }, { onError }),
                      () => setFailed(true),
                    )
                  }
                >
                  {t("remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={onAdd} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1 space-y-1.5">
            <Label htmlFor={`${id}-name`}>{t("nameLabel")}</Label>
            <Input id={`${id}-name`} name="name" required maxLength={60} placeholder={t("namePlaceholder")} />
          </div>
          <Button type="submit" disabled={adding} data-testid="passkey-add">
            {t("add")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
