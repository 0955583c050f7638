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
import { FieldError } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { SecretDialog, SecretPanel } from "@/components/ui/secret-panel";
import { GatewayWebhookRegistration, MAX_SECRET, MIN_SECRET } from "@/server/webhooks/schema";
import { EventPicker } from "./event-picker";
import { parseTargetUrl, SUBSCRIBABLE_GATEWAY_EVENTS, TargetUrl, useGatewayEventLabel } from "./events";
import { TargetUrlField } from "./shared";

const SECRET_MODES = ["generate", "custom", "none"] as const;
type SecretMode = (typeof SECRET_MODES)[number];

const RegisterFields = z
  .object({
    url: TargetUrl,
    allowInsecure: z.boolean(),
    events: GatewayWebhookRegistration.shape.events,
    secretMode: z.enum(SECRET_MODES),
    secret: GatewayWebhookRegistration.shape.secret.unwrap(),
  })
  .superRefine(({ url, allowInsecure, secretMode, secret }, ctx) => {
    if (parseTargetUrl(url)?.protocol === "http:" && !allowInsecure) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "insecure", params: { fieldError: "insecure" } });
    }
    if (secretMode === "custom" && (secret.length < MIN_SECRET || secret.length > MAX_SECRET)) {
      ctx.addIssue({ code: "custom", path: ["secret"], message: "length" });
    }
  });

/**
 * Registers a gateway webhook: URL, events, how deliveries are signed, and whether plain HTTP is
 * allowed. A generated secret is shown once afterwards; the dialog then closes only by its button.
 */
export function RegisterWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("webhooks");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const register = useMutation(trpc.webhooks.gateway.register.mutationOptions());
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const stepUp = useStepUp();

  function close() {
    setCreated(null);
    register.reset();
    onClose();
  }

  return (
    <SecretDialog
      open={open}
      onClose={close}
      secretShown={created !== null}
      title={created ? t("secret.title") : t("registerDialog.title")}
      description={t("registerDialog.description")}
      testId="register-webhook-dialog"
    >
      {created ? (
        <SecretPanel
          warningTitle={t("secret.warningTitle")}
          warningBody={t("secret.warningBody")}
          intro={t("secret.intro", { url: created.url })}
          fields={[{ label: t("secret.label"), value: created.secret, testId: "webhook-secret" }]}
          copyLabel={(label) => t("secret.copy", { label })}
          copyShort={t("secret.copyShort")}
          doneLabel={t("secret.done")}
          onDone={close}
        />
      ) : (
        <RegisterForm
          pending={register.isPending}
          onCancel={close}
          onSubmit={(input, onError) =>
            stepUp.run(
              (onRefused) =>
                register.mutate(input, {
                  onSuccess: (result) => {
                    void queryClient.invalidateQueries(trpc.webhooks.gateway.list.pathFilter());
                    // Only a generated secret needs showing: a custom one is the merchant's own.
                    if (input.secret === undefined && result.secret) {
                      setCreated({ url: result.webhook.url, secret: result.secret });
                    } else {
                      close();
                    }
                  },
                  onError: onRefused,
                }),
              onError,
            )
          }
        />
      )}
    </SecretDialog>
  );
}

type RegisterInput = { url: string; events: string[]; secret?: string | null; allowInsecure: boolean };

function RegisterForm({
  pending,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: RegisterInput, onError: (cause: unknown) => void) => void;
}) {
  const t = useTranslations("webhooks.registerDialog");
  const eventLabel = useGatewayEventLabel();
  const explain = useServiceError();
  const id = useId();
  const form = useSchemaForm(RegisterFields, {
    defaultValues: {
      url: "",
      allowInsecure: false,
      events: [...SUBSCRIBABLE_GATEWAY_EVENTS],
      secretMode: "generate",
      secret: "",
    },
    messages: {
      url: {
        required: t("validation.urlRequired"),
        invalid: t("validation.urlInvalid"),
        insecure: t("validation.urlInsecure"),
      },
      events: t("validation.eventsRequired"),
      secret: t("validation.secretLength"),
    },
  });
  const secretMode = form.watch("secretMode");
  const events = form.watch("events");
  const secretError = form.formState.errors.secret?.message;

  const submit = form.handleSubmit(({ url, events, secretMode, secret, allowInsecure }) => {
    if (pending) return;
    onSubmit(
      {
        url,
        events: SUBSCRIBABLE_GATEWAY_EVENTS.filter((name) => events.includes(name)),
        ...(secretMode === "custom" ? { secret } : secretMode === "none" ? { secret: null } : {}),
        allowInsecure,
      },
      (cause) => showServiceError(form, explain(cause), { url: "url", events: "events", secret: "secret" }),
    );
  });

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-6" data-testid="register-webhook-form">
      <TargetUrlField form={form} name="url" label={t("url")} hint={t("urlHint")} placeholder={t("urlPlaceholder")} />

      <label className="flex cursor-pointer items-start gap-2.5 text-sm" data-testid="allow-insecure">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-emerald-700"
          {...form.register("allowInsecure", { deps: ["url"] })}
        />
        <span>
          <span className="block font-medium text-slate-800">{t("allowInsecure")}</span>
          <span className="block text-xs text-slate-500">{t("allowInsecureHint")}</span>
        </span>
      </label>

      <EventPicker
        id={`${id}-events`}
        legend={t("events")}
        names={SUBSCRIBABLE_GATEWAY_EVENTS}
        labelOf={eventLabel}
        selected={new Set(events)}
        onChange={(next) => form.setValue("events", [...next], { shouldValidate: form.formState.isSubmitted })}
        error={form.formState.errors.events?.message}
        testId="gateway-event-list"
      />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("signature")}</legend>
        <div className="space-y-1 rounded-lg border border-slate-200 p-2">
          {SECRET_MODES.map((mode) => (
            <label
              key={mode}
              className={cn(
                "flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50",
                secretMode === mode && "bg-emerald-50/50",
              )}
            >
              <input
                type="radio"
                value={mode}
                className="mt-0.5 size-4 shrink-0 accent-emerald-700"
                {...form.register("secretMode", { deps: ["secret"] })}
              />
              <span>
                <span className="block font-medium text-slate-800">{t(SECRET_LABELS[mode].label)}</span>
                <span className="block text-xs text-slate-500">{t(SECRET_LABELS[mode].hint)}</span>
              </span>
            </label>
          ))}
        </div>
        {secretMode === "custom" ? (
          <FormField form={form} name="secret" label={t("secretCustomLabel")}>
            {(control) => (
              <Input
                {...control}
                type="password"
                maxLength={MAX_SECRET}
                autoComplete="new-password"
                className="font-mono"
              />
            )}
          </FormField>
        ) : secretError ? (
          <FieldError>{secretError}</FieldError>
        ) : null}
      </fieldset>

      <FormAlert form={form} />

      <DialogActions className="border-t border-slate-100 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={pending} data-testid="register-webhook-submit">
          {pending ? t("submitting") : t("submit")}
        </Button>
      </DialogActions>
    </form>
  );
}

const SECRET_LABELS = {
  generate: { label: "secretGenerate", hint: "secretGenerateHint" },
  custom: { label: "secretCustom", hint: "secretCustomHint" },
  none: { label: "secretNone", hint: "secretNoneHint" },
} as const satisfies Record<SecretMode, { label: string; hint: string }>;
