"use client";

import { useId, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { type FieldOf, InputField } from "@/components/forms/schema-form";
import { useServiceError } from "@/components/forms/service-error";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ChevronDownIcon } from "@/components/ui/icons";
import { MAX_URL } from "@/server/webhooks/schema";

const DOTS = { success: "bg-emerald-500", warning: "bg-amber-500", danger: "bg-red-500", neutral: "bg-slate-400" };

/** The coloured dot at the start of a status badge. */
export function StatusDot({ tone }: { tone: keyof typeof DOTS }) {
  return <span aria-hidden="true" className={cn("size-1.5 rounded-full", DOTS[tone])} />;
}

/** Up to this many event names are listed at once; more fold behind a toggle with their count. */
const SHOWN = 4;

/** The events a webhook subscribes to, as chips (the technical name, its meaning on hover). */
export function EventChips({
  names,
  labelOf,
  summary,
}: {
  names: readonly string[];
  labelOf: (name: string) => string;
  summary: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const folded = names.length > SHOWN;
  const chips = (
    <ul id={`${id}-events`} className="flex flex-wrap gap-1.5" data-testid="event-chips">
      {names.map((name) => (
        <li key={name} title={labelOf(name)}>
          <Badge className="font-mono">{name}</Badge>
        </li>
      ))}
    </ul>
  );
  if (!folded) return chips;
  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={open ? `${id}-events` : undefined}
        className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        data-testid="events-toggle"
      >
        {summary}
        <ChevronDownIcon className={cn("size-4 text-slate-500 transition-transform", open && "rotate-180")} />
      </button>
      {open ? chips : null}
    </div>
  );
}

/**
 * "Delete this webhook?" for either surface: what happens, the target's URL, and the service's
 * error if it refused. `onDelete` runs the mutation; the dialog closes when it succeeds.
 */
export function DeleteDialog({
  url,
  onDelete,
  onClose,
  messages,
  testId,
}: {
  /** the target being deleted; null: closed */
  url: string | null;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
  /** The dialog's namespace translator (`webhooks.deleteDialog`, `webhooks.deleteConfigDialog`). */
  messages: (key: "title" | "body" | "confirm" | "cancel") => string;
  /** `${testId}-dialog`, `${testId}-confirm` (ConfirmDialog). */
  testId: string;
}) {
  const explain = useServiceError();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function confirm() {
    setError(null);
    setPending(true);
    try {
      await onDelete();
      close();
    } catch (cause) {
      setError(explain(cause).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={url !== null}
      onClose={close}
      onConfirm={confirm}
      title={messages("title")}
      confirmLabel={messages("confirm")}
      cancelLabel={messages("cancel")}
      pending={pending}
      error={error}
      testId={testId}
    >
      <p className="text-sm text-slate-700">{messages("body")}</p>
      <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700">
        {url}
      </p>
    </ConfirmDialog>
  );
}

/** A webhook's target URL, typed in full (https://…). */
export function TargetUrlField<V extends FieldValues>({ placeholder, ...field }: FieldOf<V> & { placeholder: string }) {
  return (
    <InputField
      {...field}
      input={{
        type: "url",
        inputMode: "url",
        placeholder,
        maxLength: MAX_URL,
        autoComplete: "off",
        spellCheck: false,
        className: "font-mono",
      }}
    />
  );
}
