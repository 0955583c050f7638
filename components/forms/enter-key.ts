import type { KeyboardEvent } from "react";

/**
 * Enter in a text field does not submit the form (a dialog with many fields is sent with its
 * button only); Enter on a button, a textarea or a checkbox keeps its own meaning.
 */
export function keepEnterInField(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== "Enter") return;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLInputElement && !["checkbox", "radio", "submit", "button"].includes(target.type)) {
    event.preventDefault();
  }
}
