"use client";

import { type ComponentProps, type ReactNode, useState } from "react";
import { Button, type ButtonProps } from "./button";
import { ConfirmDialog } from "./dialog";
import { BanIcon } from "./icons";

type DialogProps = Omit<ComponentProps<typeof ConfirmDialog>, "open" | "onClose" | "onConfirm">;

/**
 * A button that asks first: it opens a ConfirmDialog, whose confirm runs `onConfirm(close)`
 * (call `close` once the action succeeded). `trigger` is the button's content, `button` its look
 * (variant "secondary" unless said, size, aria-label). With `testId`, the button carries it, and
 * the dialog `${testId}-dialog` with `${testId}-confirm` on its confirm button.
 */
export function ConfirmAction({
  trigger,
  button,
  onConfirm,
  testId,
  ...dialog
}: DialogProps & {
  trigger: ReactNode;
  button?: Pick<ButtonProps, "variant" | "size" | "aria-label">;
  onConfirm: (close: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="secondary" {...button} onClick={() => setOpen(true)} data-testid={testId}>
        {trigger}
      </Button>
      <ConfirmDialog {...dialog} open={open} onClose={close} onConfirm={() => onConfirm(close)} testId={testId} />
    </>
  );
}

/** The words of a CancelAction: the button, the dialog's title, confirm and keep. */
type CancelMessages = (key: "open" | "title" | "confirm" | "keep") => string;

/**
 * Withdraw something for good (a charge, a recurrence): the red ban button `messages("open")`,
 * then "are you sure?" with `body`, `messages("confirm")` and the way out `messages("keep")`.
 */
export function CancelAction({
  messages,
  body,
  ...action
}: Pick<ComponentProps<typeof ConfirmAction>, "mutation" | "onConfirm" | "testId"> & {
  messages: CancelMessages;
  body: ReactNode;
}) {
  return (
    <ConfirmAction
      {...action}
      trigger={
        <>
          <BanIcon className="size-4 text-red-600" />
          {messages("open")}
        </>
      }
      title={messages("title")}
      confirmLabel={messages("confirm")}
      cancelLabel={messages("keep")}
    >
      <p className="text-sm text-slate-600">{body}</p>
    </ConfirmAction>
  );
}
