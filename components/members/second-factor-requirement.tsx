"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useServiceError } from "@/components/forms/service-error";
import { useCan } from "@/components/layout/permissions";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";

/**
 * "Require a second factor of all members" (docs/decisions/0050): owners and admins see whether
 * it is on and how many members have none yet; only an owner may change it.
 */
export function SecondFactorRequirement() {
  const t = useTranslations("members.requirement");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const explain = useServiceError();
  const mayChange = useCan("security.require");
  const security = useQuery(trpc.members.security.queryOptions());
  const change = useMutation(
    trpc.members.requireSecondFactor.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.members.security.queryKey(), data),
    }),
  );
  if (!security.data) return null;
  const { requireSecondFactor: on, membersWithoutSecondFactor: missing } = security.data;
  return (
    <TitledCard title={t("title")} description={t("description")} data-testid="second-factor-requirement">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={on ? "success" : "neutral"} data-testid="second-factor-requirement-state">
          {on ? t("on") : t("off")}
        </Badge>
        <p className="min-w-0 flex-1 text-sm text-slate-600">{t("missing", { count: missing })}</p>
        {mayChange ? (
          <Button
            variant={on ? "secondary" : "primary"}
            size="compact"
            loading={change.isPending}
            onClick={() => change.mutate({ required: !on })}
            data-testid="second-factor-requirement-toggle"
          >
            {on ? t("turnOff") : t("turnOn")}
          </Button>
        ) : (
          <p className="text-xs text-slate-500">{t("ownerOnly")}</p>
        )}
      </div>
      {change.isError ? (
        <Alert className="mt-3" data-testid="second-factor-requirement-error">
          {explain(change.error).message}
        </Alert>
      ) : null}
    </TitledCard>
  );
}
