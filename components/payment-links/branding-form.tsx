"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { Field } from "@/components/ui/fields";
import { Input } from "@/components/ui/input";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { Skeleton } from "@/components/ui/skeleton";
import { LOGO_MAX_BYTES } from "@/server/branding/schema";

const DEFAULT_ACCENT = "#047857";
const megabytes = LOGO_MAX_BYTES / 1_048_576;

/** The brand the payer sees on payment pages and links: display name, accent colour, logo. */
export function BrandingForm() {
  const t = useTranslations("paymentLinks.branding");
  const errors = useTranslations("serviceErrors");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const branding = useQuery(trpc.branding.get.queryOptions());
  const update = useMutation(trpc.branding.update.mutationOptions());
  const serviceError = useServiceError();
  const [said, setSaid] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.branding.get.pathFilter());

  if (branding.isPending) {
    return (
      <LoadingState label={t("loading")} testId="branding-loading">
        <Skeleton className="h-60 w-full" />
      </LoadingState>
    );
  }
  if (branding.isError) {
    return <ErrorState title={t("error")} description={t("errorBody")} onRetry={() => branding.refetch()} />;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await update.mutateAsync({
        displayName: String(form.get("displayName") ?? "").trim() || null,
        accentColor: String(form.get("accentColor") ?? DEFAULT_ACCENT),
      });
      await refresh();
      setSaid({ tone: "ok", text: t("saved") });
    } catch (error) {
      setSaid({ tone: "error", text: serviceError(error).message });
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    try {
      const res = await fetch("/api/branding/logo", { method: "POST", body: file });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        const key =
          body.code === "PAYLOAD_TOO_LARGE"
            ? "logoTooLarge"
            : body.code === "UNSUPPORTED_FILE_TYPE"
              ? "logoType"
              : null;
        setSaid({ tone: "error", text: key ? t(key, { megabytes }) : errors("generic") });
      } else {
        await refresh();
        setSaid({ tone: "ok", text: t("logoSaved") });
      }
    } finally {
      setUploading(false);
      event.target.value = "";
    }
  }

  const data = branding.data;
  return (
    <TitledCard title={t("title")} description={t("description")} contentClassName="space-y-6">
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2" data-testid="branding-form">
        <Field id="brand-name" label={t("displayName")} hint={t("displayNameHint")}>
          <Input id="brand-name" name="displayName" maxLength={80} defaultValue={data.displayName ?? ""} />
        </Field>
        <Field id="brand-accent" label={t("accentColor")}>
          <div className="w-24">
            <Input
              id="brand-accent"
              name="accentColor"
              type="color"
              className="h-10 p-1"
              defaultValue={data.accentColor ?? DEFAULT_ACCENT}
            />
          </div>
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" loading={update.isPending}>
            {t("save")}
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-center gap-4">
        {data.logoUrl ? (
          // biome-ignore lint/performance/noImgElement: the stored logo, already resized
          <img
            src={data.logoUrl}
            alt={t("logoAlt")}
            className="size-16 rounded-lg border border-slate-200 object-contain"
          />
        ) : null}
        <Field id="brand-logo" label={t("logo")} hint={t("logoHint", { megabytes })}>
          <Input id="brand-logo" type="file" accept="image/png,image/jpeg" onChange={upload} disabled={uploading} />
        </Field>
      </div>
      {said ? (
        <Alert tone={said.tone === "ok" ? "warning" : "danger"} role="status" data-testid="branding-said">
          {said.text}
        </Alert>
      ) : null}
    </TitledCard>
  );
}
