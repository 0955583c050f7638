"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { CopyTextButton } from "./copy-button";
import { Dialog, DialogActions } from "./dialog";
import { AlertCircleIcon } from "./icons";

export type SecretField = { label: string; value: string; testId: string };

/**
 * A secret shown once (an API key's, a webhook's signing secret): a warning that it will not be
 * shown again, each value with a copy button, and the one button that closes it.
 */
export function SecretPanel({
  warningTitle,
  warningBody,
  intro,
  fields,
  copyLabel,
  copyShort,
  doneLabel,
  onDone,
  testId = "secret-panel",
}: {
  warningTitle: ReactNode;
  warningBody: ReactNode;
  intro: ReactNode;
  fields: SecretField[];
  /** the copy button's accessible name for a field */
  copyLabel: (label: string) => string;
  copyShort: ReactNode;
  doneLabel: ReactNode;
  onDone: () => void;
  testId?: string;
}) {
  return (
    <div className="space-y-5" data-testid={testId}>
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        data-testid="secret-warning"
      >
        <AlertCircleIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div>
          <p className="font-semibold">{warningTitle}</p>
          <p className="mt-0.5">{warningBody}</p>
        </div>
      </div>
      <p className="text-sm text-slate-600">{intro}</p>
      {fields.map((field) => (
        <div key={field.testId} className="space-y-1.5">
          <p className="text-sm font-medium text-slate-800">{field.label}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-xs break-all whitespace-pre-line text-slate-900 select-all"
              data-testid={field.testId}
            >
              {field.value}
            </code>
            <CopyTextButton value={field.value} aria-label={copyLabel(field.label)} className="sm:w-32">
              {copyShort}
            </CopyTextButton>
          </div>
        </div>
      ))}
      <DialogActions className="border-t border-slate-100 pt-5">
        <Button onClick={onDone} data-testid="secret-done">
          {doneLabel}
        </Button>
      </DialogActions>
    </div>
  );
}

/**
 * A dialog whose form, once it succeeds, shows a secret (`secretShown`): from then on only the
 * panel's own button closes it, and the form's description gives way to the panel.
 */
export function SecretDialog({
  open,
  onClose,
  secretShown,
  title,
  description,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  secretShown: boolean;
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={secretShown ? undefined : description}
      dismissible={!secretShown}
      size="lg"
      testId={testId}
    >
      {children}
    </Dialog>
  );
}
