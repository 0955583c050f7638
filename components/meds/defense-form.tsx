"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { FormField, useSchemaForm } from "@/components/forms/schema-form";
import { useErrorCodeMessage, useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { FieldError, Textarea } from "@/components/ui/fields";
import { FileTextIcon, TrashIcon } from "@/components/ui/icons";
import type { MedDetailView } from "@/server/meds/dashboard";
import type { EvidenceView } from "@/server/meds/evidence";
import { DashboardDefense, MAX_DEFENSE_DESCRIPTION, MAX_EVIDENCE_FILES } from "@/server/meds/schema";

const DefenseText = DashboardDefense.pick({ description: true });
const ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

/** "12 KB", "1,4 MB" in the reader's locale. */
export function useFileSize() {
  const format = useFormatter();
  return (bytes: number) =>
    bytes < 1024 * 1024
      ? `${format.number(Math.max(1, Math.round(bytes / 1024)))} KB`
      : `${format.number(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}

/** One file through the upload door (app/api/meds/evidence); the refusal's code when it is refused. */
async function uploadEvidence(endToEndId: string, file: File): Promise<string | null> {
  try {
    const res = await fetch(`/api/meds/evidence?${new URLSearchParams({ endToEndId }).toString()}`, {
      method: "POST",
      headers: { "x-file-name": encodeURIComponent(file.name) },
      body: file,
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    return body?.code ?? "generic";
  } catch {
    return "generic";
  }
}

/** The defense: a text and up to MAX_EVIDENCE_FILES proof files, sent once through meds.submitDefense. */
export function DefenseForm({
  endToEndId,
  evidence,
  limits,
}: {
  endToEndId: string;
  evidence: EvidenceView[];
  limits: MedDetailView["evidenceLimits"];
}) {
  const td = useTranslations("meds.defense");
  const errors = useTranslations("serviceErrors");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const limitValues = { megabytes: limits.maxMegabytes, files: MAX_EVIDENCE_FILES };
  const serviceError = useServiceError("meds", limitValues);
  const codeMessage = useErrorCodeMessage("meds", limitValues);
  const fileSize = useFileSize();
  const input = useRef<HTMLInputElement>(null);
  const form = useSchemaForm(DefenseText, { defaultValues: { description: "" }, mode: "onTouched" });
  const [uploading, setUploading] = useState<string | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.meds.pathKey() });
  const submit = useMutation(trpc.meds.submitDefense.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.meds.removeEvidence.mutationOptions({ onSuccess: refresh }));
  const reason = (code: string) => codeMessage(code) ?? errors("generic");

  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    const refused: string[] = [];
    let count = evidence.length;
    for (const file of Array.from(files)) {
      // the door refuses these too; saying so first spares the merchant a long upload
      const local =
        count >= MAX_EVIDENCE_FILES ? "TOO_MANY_FILES" : file.size > limits.maxBytes ? "PAYLOAD_TOO_LARGE" : null;
      setUploading(file.name);
      const code = local ?? (await uploadEvidence(endToEndId, file));
      if (code) refused.push(td("fileRefused", { name: file.name, reason: reason(code) }));
      else count++;
    }
    setUploading(null);
    setFileErrors(refused);
    if (input.current) input.current.value = "";
    await refresh();
  }

  const openConfirm = form.handleSubmit(() => {
    submit.reset();
    setConfirming(true);
  });

  return (
    <form className="space-y-5" data-testid="defense-form" onSubmit={openConfirm} noValidate>
      <p className="text-sm text-slate-600">{td("intro")}</p>
      <FormField
        form={form}
        name="description"
        label={td("description")}
        hint={td("count", { count: form.watch("description").length, max: MAX_DEFENSE_DESCRIPTION })}
      >
        {(control) => (
          <Textarea
            {...control}
            maxLength={MAX_DEFENSE_DESCRIPTION}
            rows={6}
            placeholder={td("placeholder")}
            className="font-sans break-normal"
            data-testid="defense-description"
          />
        )}
      </FormField>

      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-900">{td("files")}</p>
        <p className="text-xs text-slate-500">{td("filesHint", limitValues)}</p>
        {evidence.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="evidence-list">
            {evidence.map((file) => (
              <li key={file.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <a
                  href={file.url}
                  target="_blank"
                  rel="noreferrer"
                  className="flex min-w-0 items-center gap-2 text-emerald-800 hover:underline"
                >
                  <FileTextIcon className="size-4 shrink-0" />
                  <span className="truncate" data-testid="evidence-name">
                    {file.fileName}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 tabular-nums">{fileSize(file.sizeBytes)}</span>
                </a>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={td("remove", { name: file.fileName })}
                  title={td("remove", { name: file.fileName })}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: file.id })}
                >
                  <TrashIcon className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{td("noFiles")}</p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={`${id}-files`}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            data-testid="evidence-input"
            onChange={(event) => void addFiles(event.target.files)}
            disabled={uploading !== null || evidence.length >= MAX_EVIDENCE_FILES}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={uploading !== null}
            disabled={evidence.length >= MAX_EVIDENCE_FILES}
            onClick={() => input.current?.click()}
          >
            {td("add")}
          </Button>
          {uploading ? (
            <span role="status" className="text-xs text-slate-500">
              {td("uploading", { name: uploading })}
            </span>
          ) : null}
        </div>
        {[...fileErrors, ...(remove.error ? [serviceError(remove.error).message] : [])].map((message) => (
          <FieldError key={message} alert testId="evidence-error">
            {message}
          </FieldError>
        ))}
      </div>

      <div className="flex justify-end">
        <Button type="submit" disabled={uploading !== null} data-testid="defense-submit">
          {td("submit")}
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          submit.mutate(
            { endToEndId, description: form.getValues("description") },
            { onSuccess: () => setConfirming(false) },
          )
        }
        title={td("confirmTitle")}
        confirmLabel={td("confirm")}
        pending={submit.isPending}
        error={submit.error ? serviceError(submit.error).message : null}
        tone="primary"
        testId="defense"
      >
        <p className="text-sm text-slate-600">{td("confirmBody")}</p>
      </ConfirmDialog>
    </form>
  );
}
