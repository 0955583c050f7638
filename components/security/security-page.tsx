"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { SecretPanel } from "@/components/ui/secret-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { PasskeysCard } from "./passkeys-card";
import { useStepUp } from "./step-up";
import { TotpCard } from "./totp-card";

/** "Segurança": the second factors of the signed-in user (decision 0044). */
export function SecurityPage() {
  const t = useTranslations("security");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const status = useQuery(trpc.security.status.queryOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  // Whether the codes came from a first enrolment that lifts the "must enrol" gate (read before the refresh).
  const [gateLifted, setGateLifted] = useState(false);
  const showCodes = (recoveryCodes: string[]) => {
    setGateLifted(status.data?.mustEnrol ?? false);
    setCodes(recoveryCodes);
  };
  const refresh = () => void queryClient.invalidateQueries(trpc.security.status.pathFilter());
  const regenerate = useMutation(
    trpc.security.regenerateRecoveryCodes.mutationOptions({
      onSuccess: ({ recoveryCodes }) => {
        setCodes(recoveryCodes);
        refresh();
      },
    }),
  );

  return (
    <div className="max-w-3xl space-y-6 sm:space-y-8">
      <PageHeader title={t("title")} description={t("subtitle")} />
      {status.data?.mustEnrol ? (
        <Alert tone="warning" data-testid="must-enrol">
          {t("mustEnrol")}
        </Alert>
      ) : null}
      {codes ? (
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <SecretPanel
              testId="recovery-codes"
              warningTitle={t("recovery.warningTitle")}
              warningBody={t("recovery.warningBody")}
              intro={t("recovery.intro")}
              fields={[{ label: t("recovery.label"), value: codes.join("\n"), testId: "recovery-code-list" }]}
              copyLabel={() => t("recovery.copy")}
              copyShort={t("recovery.copyShort")}
              doneLabel={t("recovery.done")}
              onDone={() => {
                setCodes(null);
                // A user who just enrolled may now reach every page: the layouts read the session again.
                window.location.assign(gateLifted ? "/" : "/security");
              }}
            />
          </CardContent>
        </Card>
      ) : null}
      {status.data ? (
        <>
          <TotpCard enabled={status.data.totp} onChanged={refresh} onRecoveryCodes={showCodes} />
          <PasskeysCard passkeys={status.data.passkeys} onChanged={refresh} onRecoveryCodes={showCodes} />
          {status.data.totp || status.data.passkeys.length > 0 ? (
            <Card data-testid="recovery-card">
              <CardHeader>
                <CardTitle>{t("recovery.title")}</CardTitle>
                <CardDescription>{t("recovery.description", { count: status.data.recoveryCodesLeft })}</CardDescription>
              </CardHeader>
              <CardContent>
                <Button
                  variant="secondary"
                  disabled={regenerate.isPending}
                  onClick={() =>
                    stepUp.run(
                      (onError) => regenerate.mutate(undefined, { onError }),
                      () => {},
                    )
                  }
                >
                  {t("recovery.regenerate")}
                </Button>
              </CardContent>
            </Card>
          ) : null}
        </>
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </div>
  );
}
