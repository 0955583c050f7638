"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useStepUp } from "./step-up";

type Enrolment = { secret: string; qrCode: string };

/** The authenticator app: set up (QR code, key, first code) or turn off. */
export function TotpCard({
  enabled,
  onChanged,
  onRecoveryCodes,
}: {
  enabled: boolean;
  onChanged: () => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const t = useTranslations("security.totp");
  const trpc = useTRPC();
  const explain = useServiceError();
  const stepUp = useStepUp();
  const id = useId();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const start = useMutation(trpc.security.startTotp.mutationOptions({ onSuccess: setEnrolment }));
  const confirm = useMutation(
    trpc.security.confirmTotp.mutationOptions({
      onSuccess: ({ recoveryCodes }) => {
        setEnrolment(null);
        onRecoveryCodes(recoveryCodes);
        onChanged();
      },
    }),
  );
  const disable = useMutation(trpc.security.disableTotp.mutationOptions({ onSuccess: onChanged }));
  const error = start.error ?? confirm.error ?? disable.error;

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    confirm.mutate({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
  }

  return (
    <Card data-testid="totp-card">
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle>{t("title")}</CardTitle>
          <Badge tone={enabled ? "success" : "neutral"} data-testid="totp-state">
            {enabled ? t("enabled") : t("disabled")}
          </Badge>
        </div>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {error ? <Alert data-testid="totp-error">{explain(error).message}</Alert> : null}
        {enabled ? (
          <Button
            variant="secondary"
            disabled={disable.isPending}
            onClick={() =>
              stepUp.run(
                (onError) => disable.mutate(undefined, { onError }),
                () => {},
              )
            }
          >
            {t("disable")}
          </Button>
        ) : enrolment ? (
          <form onSubmit={onConfirm} className="space-y-4">
            <p className="text-sm text-slate-700">{t("scan")}</p>
            {/* biome-ignore lint/performance/noImgElement: a data URL made on the server, shown once */}
            <img src={enrolment.qrCode} alt={t("qrAlt")} className="size-48 rounded-lg border border-slate-200" />
            <div className="space-y-1">
              <p className="text-xs font-medium text-slate-500">{t("secretLabel")}</p>
              <code
                className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm"
                data-testid="totp-secret"
              >
                {enrolment.secret}
              </code>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-code`}>{t("codeLabel")}</Label>
              <Input
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={12}
                required
                className="max-w-40"
              />
            </div>
            <Button type="submit" disabled={confirm.isPending}>
              {t("confirm")}
            </Button>
          </form>
        ) : (
          <Button onClick={() => start.mutate()} disabled={start.isPending} data-testid="totp-start">
            {t("start")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
