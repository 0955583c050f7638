"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useServiceError } from "@/components/forms/service-error";
import { Button } from "./button";
import { cn } from "./cn";
import { FieldError } from "./fields";
import { CloseIcon } from "./icons";

/**
 * A modal on the native <dialog>: focus stays inside, Escape and the backdrop close it (unless
 * `dismissible` is false, e.g. while a secret is on screen), and focus returns to the opener.
 * The content is mounted only while open, so every opening starts fresh.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  dismissible = true,
  size = "md",
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  dismissible?: boolean;
  size?: "md" | "lg";
  testId?: string;
}) {
  const t = useTranslations("dialog");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (open) return;
    const previous = opener.current;
    opener.current = null;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; Escape closes natively
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
      className={cn(
        "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl",
        size === "lg" ? "max-w-2xl" : "max-w-lg",
      )}
    >
      {open ? (
        <div className="flex flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            {dismissible ? <CloseButton label={t("close")} onClick={onClose} className="-mt-1 -mr-2" /> : null}
          </div>
          <div className="px-5 py-5 sm:px-6">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, to the right otherwise. */
/** The × that closes a dialog or a drawer; `className` only places it (margins). */
export function CloseButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
        className,
      )}
    >
      <CloseIcon className="size-5" />
    </button>
  );
}

export function DialogActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}>{children}</div>;
}

/** What ConfirmDialog reads of its action's mutation (TanStack Query's). */
type ConfirmAction = { isPending: boolean; error: unknown; reset: () => void };

/**
 * "Are you sure?" in a Dialog: what will happen (`children`), the service's refusal if it refused,
 * and cancel / confirm buttons. With `mutation`, confirm is busy while it runs, its error shows in
 * the reader's words, and closing forgets it; else `pending` and `error` (a sentence) say so.
 * Test ids from `testId`: `${testId}-dialog`, and `${testId}-confirm` on the confirm button.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  children,
  confirmLabel,
  cancelLabel,
  mutation,
  pending = mutation?.isPending ?? false,
  error,
  tone = "danger",
  testId,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  /** The way out without confirming: "Cancelar" unless the dialog says otherwise. */
  cancelLabel?: ReactNode;
  mutation?: ConfirmAction;
  pending?: boolean;
  error?: string | null;
  tone?: "danger" | "primary";
  testId?: string;
}) {
  const t = useTranslations("dialog");
  const explain = useServiceError();
  const refusal = error ?? (mutation?.error ? explain(mutation.error).message : null);
  const close = () => {
    if (!pending) mutation?.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={title} testId={testId && `${testId}-dialog`}>
      <div className="space-y-4">
        {children}
        {refusal ? <FieldError alert>{refusal}</FieldError> : null}
        <DialogActions>
          <Button variant="secondary" onClick={close} disabled={pending}>
            {cancelLabel ?? t("cancel")}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending} data-testid={testId && `${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
