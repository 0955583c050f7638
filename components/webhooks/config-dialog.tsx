"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { z } from "zod";
import { FormAlert, FormField, showServiceError, useSchemaForm } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useStepUp } from "@/components/security/step-up";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DialogActions } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { SecretDialog, SecretPanel } from "@/components/ui/secret-panel";
import type { WebhookConfigView } from "@/server/trpc/routers/webhooks";
import { AccountWebhookConfig, MAX_AUTH_HEADER } from "@/server/webhooks/schema";
import { EventPicker } from "./event-picker";
import { ACCOUNT_WILDCARD, SUBSCRIBABLE_ACCOUNT_EVENTS, TargetUrl, useAccountEventLabel } from "./events";
import { TargetUrlField } from "./shared";

/** Every event (the wildcard) or the chosen ones, of which there must be one. */
const ConfigFields = z
  .object({
    all: z.boolean(),
    events: z.array(z.string()),
    targetUrl: TargetUrl,
    authHeader: AccountWebhookConfig.shape.authHeader.unwrap().unwrap(),
    removeAuthHeader: z.boolean(),
  })
  .superRefine(({ all, events }, ctx) => {
    if (!all && events.length === 0) ctx.addIssue({ code: "custom", path: ["events"], message: "required" });
  });
type ConfigValues = { event: string[]; targetUrl: string; authHeader?: string | null };

/** Creates an account-surface configuration (`config` "new") or edits one. */
export function ConfigDialog({ config, onClose }: { config: WebhookConfigView | "new" | null; onClose: () => void }) {
  const t = useTranslations("webhooks.configDialog");
  const secretText = useTranslations("webhooks.secret");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.webhooks.account.create.mutationOptions());
  // the signing secret of a new configuration, shown once
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const update = useMutation(trpc.webhooks.account.update.mutationOptions());
  const stepUp = useStepUp();
  const editing = config !== null && config !== "new" ? config : null;
  const pending = create.isPending || update.isPending;

  function close() {
    setCreated(null);
    create.reset();
    update.reset();
    onClose();
  }

  function submit(values: ConfigValues, onError: (cause: unknown) => void) {
    const refresh = () => queryClient.invalidateQueries(trpc.webhooks.account.list.pathFilter());
    if (editing) {
      stepUp.run(
        (onRefused) =>
          update.mutate(
            { configId: editing.configId, ...values },
            {
              onSuccess: async () => {
                await refresh();
                close();
              },
              onError: onRefused,
            },
          ),
        onError,
      );
    } else {
      stepUp.run(
        (onRefused) =>
          create.mutate(values, {
            onSuccess: async (result) => {
              await refresh();
              setCreated({ url: result.config.targetUrl, secret: result.secret });
            },
            onError: onRefused,
          }),
        onError,
      );
    }
  }

  return (
    <SecretDialog
      open={config !== null}
      onClose={close}
      secretShown={created !== null}
      title={created ? secretText("title") : editing ? t("editTitle") : t("createTitle")}
      description={t("description")}
      testId="config-dialog"
    >
      {created ? (
        <SecretPanel
          warningTitle={secretText("warningTitle")}
          warningBody={secretText("warningBody")}
          intro={secretText("intro", { url: created.url })}
          fields={[{ label: secretText("label"), value: created.secret, testId: "webhook-secret" }]}
          copyLabel={(label) => secretText("copy", { label })}
          copyShort={secretText("copyShort")}
          doneLabel={secretText("done")}
          onDone={close}
        />
      ) : config !== null ? (
        <ConfigForm
          // A fresh form for every configuration opened.
          key={editing?.configId ?? "new"}
          initial={editing}
          pending={pending}
          onSubmit={submit}
          onCancel={close}
        />
      ) : null}
    </SecretDialog>
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
  const form = useSchemaForm(ConfigFields, {
    defaultValues: {
      all: initial ? initial.event.includes(ACCOUNT_WILDCARD) : false,
      events: initial ? initial.event.filter((name) => name !== ACCOUNT_WILDCARD) : [...SUBSCRIBABLE_ACCOUNT_EVENTS],
      targetUrl: initial?.targetUrl ?? "",
      authHeader: "",
      removeAuthHeader: false,
    },
    messages: {
      targetUrl: { required: t("validation.urlRequired"), invalid: t("validation.urlInvalid") },
      events: t("validation.eventsRequired"),
    },
  });
  const [all, events, removeAuthHeader] = form.watch(["all", "events", "removeAuthHeader"]);
  const keeping = initial?.hasAuthHeader === true;
  const authHint = keeping ? t("authHeaderKeepHint") : t("authHeaderHint");

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    // Editing: an empty header keeps the current one; "remove" sends null.
    const header = values.authHeader.trim();
    onSubmit(
      {
        event: values.all
          ? [ACCOUNT_WILDCARD]
          : SUBSCRIBABLE_ACCOUNT_EVENTS.filter((name) => values.events.includes(name)),
        targetUrl: values.targetUrl,
        ...(values.removeAuthHeader ? { authHeader: null } : header ? { authHeader: header } : {}),
      },
      (cause) =>
        showServiceError(form, explain(cause), { event: "events", targetUrl: "targetUrl", authHeader: "authHeader" }),
    );
  });

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-6" data-testid="config-form">
      <TargetUrlField
        form={form}
        name="targetUrl"
        label={t("targetUrl")}
        hint={t("targetUrlHint")}
        placeholder={t("targetUrlPlaceholder")}
      />

      <div className="space-y-3">
        <label className="flex cursor-pointer items-start gap-2.5 text-sm" data-testid="all-events">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-emerald-700"
            {...form.register("all", { deps: ["events"] })}
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
          selected={new Set(all ? SUBSCRIBABLE_ACCOUNT_EVENTS : events)}
          onChange={(next) => form.setValue("events", [...next], { shouldValidate: form.formState.isSubmitted })}
          error={form.formState.errors.events?.message}
          disabled={all}
          testId="account-event-list"
        />
      </div>

      <FormField form={form} name="authHeader" label={t("authHeader")} hint={authHint}>
        {(control) => (
          <Input
            {...control}
            type="password"
            placeholder={t("authHeaderPlaceholder")}
            maxLength={MAX_AUTH_HEADER}
            autoComplete="new-password"
            readOnly={removeAuthHeader}
            className={cn("font-mono", removeAuthHeader && "bg-slate-50 text-slate-500")}
          />
        )}
      </FormField>
      {keeping ? (
        <label className="-mt-3 flex cursor-pointer items-center gap-2.5 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-emerald-700"
            {...form.register("removeAuthHeader", {
              onChange: (event) => event.target.checked && form.setValue("authHeader", ""),
            })}
          />
          {t("removeAuthHeader")}
        </label>
      ) : null}

      <FormAlert form={form} />

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
