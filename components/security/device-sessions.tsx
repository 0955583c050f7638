"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { ConfirmDialog } from "@/components/ui/dialog";
import { LogOutIcon } from "@/components/ui/icons";
import { ErrorState, ListSkeleton } from "@/components/ui/list-states";
import type { DeviceSession } from "@/server/users/sessions";

/** The member's signed-in devices, each with "sign out", and "sign out everywhere". */
export function DeviceSessions() {
  const t = useTranslations("security.sessions");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.sessions.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.sessions.list.pathFilter());
  const revoke = useMutation(trpc.sessions.revoke.mutationOptions({ onSuccess: refresh }));
  const revokeAll = useMutation(
    // this device is signed out too: a full load lands on the login page
    trpc.sessions.revokeAll.mutationOptions({ onSuccess: () => window.location.assign("/login") }),
  );
  const [signingOut, setSigningOut] = useState<DeviceSession | null>(null);
  const deviceName = useDeviceName();

  return (
    <Card data-testid="device-sessions">
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>{t("title")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </div>
        <ConfirmAction
          trigger={
            <>
              <LogOutIcon className="size-4" />
              {t("signOutEverywhere")}
            </>
          }
          button={{ size: "compact" }}
          onConfirm={() => revokeAll.mutate()}
          title={t("confirmAll.title")}
          confirmLabel={t("confirmAll.confirm")}
          mutation={revokeAll}
          testId="sign-out-everywhere"
        >
          <p className="text-sm text-slate-600">{t("confirmAll.body")}</p>
        </ConfirmAction>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <ListSkeleton label={t("loading")} rows={2} />
        ) : sessions.isError ? (
          <ErrorState title={t("error")} description={t("errorBody")} onRetry={() => sessions.refetch()} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {sessions.data.map((session) => (
              <DeviceRow
                key={session.id}
                session={session}
                name={deviceName(session)}
                onSignOut={() => setSigningOut(session)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={signingOut !== null}
        onClose={() => setSigningOut(null)}
        onConfirm={() => signingOut && revoke.mutate({ id: signingOut.id }, { onSuccess: () => setSigningOut(null) })}
        title={t("confirmOne.title")}
        confirmLabel={t("confirmOne.confirm")}
        mutation={revoke}
        testId="sign-out-device"
      >
        <p className="text-sm text-slate-600">
          {t("confirmOne.body", { device: signingOut ? deviceName(signingOut) : "" })}
        </p>
      </ConfirmDialog>
    </Card>
  );
}

function useDeviceName() {
  const t = useTranslations("security.sessions");
  return (session: DeviceSession) =>
    t("device", { browser: session.browser ?? t("unknownBrowser"), os: session.os ?? t("unknownOs") });
}

function DeviceRow({ session, name, onSignOut }: { session: DeviceSession; name: string; onSignOut: () => void }) {
  const t = useTranslations("security.sessions");
  const dateTime = useDateTime();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="device-session">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {name}
          {session.current ? <Badge tone="accent">{t("thisDevice")}</Badge> : null}
        </p>
        <p className="text-xs text-slate-500">
          {t("address", { address: session.address })} · {t("signedIn", { date: dateTime(session.createdAt) })} ·{" "}
          {t("lastSeen", { date: dateTime(session.lastSeenAt) })}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" size="compact" onClick={onSignOut}>
          {t("signOut")}
        </Button>
      )}
    </li>
  );
}
