"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import type { WebhookConfigView } from "@/server/trpc/routers/webhooks";
import { MAX_AUTH_HEADER } from "@/server/webhooks/schema";
import { EventPicker } from "./event-picker";
import { ACCOUNT_WILDCARD, parseTargetUrl, SUBSCRIBABLE_ACCOUNT_EVENTS, useAccountEventLabel } from "./events";
import { TargetUrlField } from "./shared";

type Errors = { event?: string | null; targetUrl?: string | null; authHeader?: string | null };
type ConfigValues = { event: string[]; targetUrl: string; authHeader?: string | null };

/** Creates an account-surface configuration (`config` "new") or edits one. */
export function ConfigDialog({ config, onClose }: { config: WebhookConfigView | "new" | null; onClose: () => void }) {
  const t = useTranslations("webhooks.configDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.webhooks.account.create.mutationOptions());
  const update = useMutation(trpc.webhooks.account.update.mutationOptions());
  const editing = config !== null && config !== "new" ? config : null;
  const pending = create.isPending || update.isPending;

  function close() {
    create.reset();
    update.reset();
    onClose();
  }

  function submit(values: ConfigValues, onError: (cause: unknown) => void) {
    const options = {
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.webhooks.account.list.pathFilter());
        close();
      },
      onError,
    };
    if (editing) update.mutate({ configId: editing.configId, ...values }, options);
    else create.mutate(values, options);
  }

  return (
    <Dialog
      open={config !== null}
      onClose={close}
      title={editing ? t("editTitle") : t("createTitle")}
      description={t("description")}
      size="lg"
      testId="config-dialog"
    >
      {config !== null ? (
        <ConfigForm
          // A fresh form for every configuration opened.
          key={editing?.configId ?? "new"}
          initial={editing}
          pending={pending}
          onSubmit={submit}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

function ConfigForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: WebhookConfigView | null;
  pending: boolean;
  onSubmit: (values: ConfigValues, onError: (cause: unknown) => void) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("webhooks.configDialog");
  const eventLabel = useAccountEventLabel();
  const explain = useServiceError();
  const id = useId();
  const [all, setAll] = useState(initial ? initial.event.includes(ACCOUNT_WILDCARD) : false);
  const [events, setEvents] = useState<Set<string>>(
    () => new Set(initial ? initial.event.filter((name) => name !== ACCOUNT_WILDCARD) : SUBSCRIBABLE_ACCOUNT_EVENTS),
  );
  const [targetUrl, setTargetUrl] = useState(initial?.targetUrl ?? "");
  const [authHeader, setAuthHeader] = useState("");
  const [removeAuthHeader, setRemoveAuthHeader] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const keeping = initial?.hasAuthHeader === true;
  const authHint = keeping ? t("authHeaderKeepHint") : t("authHeaderHint");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const next: Errors = {
      targetUrl: !targetUrl.trim()
        ? t("validation.urlRequired")
        : parseTargetUrl(targetUrl)
          ? null
          : t("validation.urlInvalid"),
      event: !all && events.size === 0 ? t("validation.eventsRequired") : null,
    };
    setErrors(next);
    setServerError(null);
    if (next.targetUrl || next.event) return;
    // Editing: an empty header keeps the current one; "remove" sends null.
    const header = authHeader.trim();
    onSubmit(
      {
        event: all ? [ACCOUNT_WILDCARD] : SUBSCRIBABLE_ACCOUNT_EVENTS.filter((name) => events.has(name)),
        targetUrl: targetUrl.trim(),
        ...(removeAuthHeader ? { authHeader: null } : header ? { authHeader: header } : {}),
      },
      (cause) => {
        const { message, field } = explain(cause);
        if (field === "event" || field === "targetUrl" || field === "authHeader") setErrors({ [field]: message });
        else setServerError(message);
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="config-form">
      <TargetUrlField
        id={`${id}-url`}
        label={t("targetUrl")}
        hint={t("targetUrlHint")}
        placeholder={t("targetUrlPlaceholder")}
        value={targetUrl}
        onChange={(value) => {
          setTargetUrl(value);
          setErrors((current) => ({ ...current, targetUrl: null }));
        }}
        error={errors.targetUrl}
      />

      <div className="space-y-3">
        <label className="flex cursor-pointer items-start gap-2.5 text-sm" data-testid="all-events">
          <input
            type="checkbox"
            checked={all}
            onChange={(event) => {
              setAll(event.target.checked);
              setErrors((current) => ({ ...current, event: null }));
            }}
            className="mt-0.5 size-4 shrink-0 accent-emerald-700"
          />
          <span>
            <span className="block font-medium text-slate-800">{t("allEvents")}</span>
            <span className="block text-xs text-slate-500">{t("allEventsHint")}</span>
          </span>
        </label>
        <EventPicker
          id={`${id}-events`}
          legend={t("events")}
          names={SUBSCRIBABLE_ACCOUNT_EVENTS}
          labelOf={eventLabel}
          selected={all ? new Set(SUBSCRIBABLE_ACCOUNT_EVENTS) : events}
          onChange={(next) => {
            setEvents(next);
            setErrors((current) => ({ ...current, event: null }));
          }}
          error={errors.event}
          disabled={all}
          testId="account-event-list"
        />
      </div>

      <Field id={`${id}-auth`} label={t("authHeader")} hint={authHint} error={errors.authHeader}>
        <Input
          id={`${id}-auth`}
          type="password"
          value={authHeader}
          onChange={(event) => {
            setAuthHeader(event.target.value);
            setErrors((current) => ({ ...current, authHeader: null }));
          }}
          placeholder={t("authHeaderPlaceholder")}
          maxLength={MAX_AUTH_HEADER}
          autoComplete="new-password"
          disabled={removeAuthHeader}
          className="font-mono"
          {...describedBy(`${id}-auth`, errors.authHeader, authHint)}
        />
      </Field>
      {keeping ? (
        <label className="-mt-3 flex cursor-pointer items-center gap-2.5 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={removeAuthHeader}
            onChange={(event) => {
              setRemoveAuthHeader(event.target.checked);
              if (event.target.checked) setAuthHeader("");
            }}
            className="size-4 shrink-0 accent-emerald-700"
          />
          {t("removeAuthHeader")}
        </label>
      ) : null}

      {serverError ? <Alert>{serverError}</Alert> : null}

      <DialogActions className="border-t border-slate-100 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={pending} data-testid="config-form-submit">
          {pending ? t("submitting") : initial ? t("submitEdit") : t("submitCreate")}
        </Button>
      </DialogActions>
    </form>
  );
}
