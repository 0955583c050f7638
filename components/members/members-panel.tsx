"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { PanelStates } from "@/components/ui/list-states";
import { MEMBER_ROLES, type MemberRole } from "@/server/auth/permissions";
import { SecondFactorRequirement } from "./second-factor-requirement";

/** The team: invite by e-mail, pending invitations (revocable), members with their role. */
export function MembersPanel({ selfId }: { selfId: string }) {
  const t = useTranslations("members");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const explain = useServiceError();
  const list = useQuery(trpc.members.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("support");
  const [notice, setNotice] = useState<string | null>(null);
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: (invitation) => {
        setNotice(t("invited", { email: invitation.email }));
        setEmail("");
        return refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.members.revokeInvitation.mutationOptions({ onSuccess: refresh }));
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));
  const failure = [invite, revoke, changeRole, remove].find((m) => m.isError)?.error;

  function onInvite(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    invite.mutate({ email, role });
  }

  const roleLabel = (r: MemberRole) => t(`roles.${r}`);

  return (
    <div className="space-y-6">
      <TitledCard title={t("inviteTitle")}>
        <form onSubmit={onInvite} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <Field id="invite-email" label={t("email")}>
            <Input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field id="invite-role" label={t("role")}>
            <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" loading={invite.isPending}>
            {t("invite")}
          </Button>
        </form>
        <p className="mt-3 text-xs text-slate-500">{t("rolesHint")}</p>
      </TitledCard>
      {notice ? (
        <p role="status" className="text-sm font-medium text-emerald-800" data-testid="invite-sent">
          {notice}
        </p>
      ) : null}
      {failure ? <Alert data-testid="members-error">{explain(failure).message}</Alert> : null}
      <PanelStates query={list} messages={t} testId="members">
        {(data) => (
          <>
            <TitledCard title={t("membersTitle")}>
              <ul className="divide-y divide-slate-100" data-testid="members-list">
                {data.members.map((m) => (
                  <li key={m.userId} className="flex flex-wrap items-center gap-3 py-3" data-testid="member-row">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{m.name}</p>
                      <p className="truncate text-xs text-slate-500">{m.email}</p>
                    </div>
                    {m.userId === selfId ? <Badge tone="neutral">{t("you")}</Badge> : null}
                    <Select
                      aria-label={t("roleOf", { email: m.email })}
                      className="w-40"
                      value={m.role}
                      onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as MemberRole })}
                    >
                      {MEMBER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {roleLabel(r)}
                        </option>
                      ))}
                    </Select>
                    <Button
                      variant="secondary"
                      size="compact"
                      onClick={() => remove.mutate({ userId: m.userId })}
                      aria-label={t("removeOf", { email: m.email })}
                    >
                      {t("remove")}
                    </Button>
                  </li>
                ))}
              </ul>
            </TitledCard>
            {data.invitations.length > 0 ? (
              <TitledCard title={t("pendingTitle")}>
                <ul className="divide-y divide-slate-100" data-testid="invitations-list">
                  {data.invitations.map((i) => (
                    <li key={i.id} className="flex flex-wrap items-center gap-3 py-3">
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-slate-900">{i.email}</p>
                        <p className="text-xs text-slate-500">
                          {roleLabel(i.role)} · {t("expires", { when: dateTime(i.expiresAt) })}
                        </p>
                      </div>
                      <Button variant="secondary" size="compact" onClick={() => revoke.mutate({ invitationId: i.id })}>
                        {t("revoke")}
                      </Button>
                    </li>
                  ))}
                </ul>
              </TitledCard>
            ) : null}
            <SecondFactorRequirement />
          </>
        )}
      </PanelStates>
    </div>
  );
}
