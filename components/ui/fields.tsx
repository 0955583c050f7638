import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { AlertCircleIcon, ChevronDownIcon } from "./icons";
import { Label } from "./label";

/** Heights of the native controls: `sm` beside small buttons, `md` in filter bars, `lg` beside an Input. */
const CONTROL_SIZES = { sm: "h-9", md: "h-10", lg: "h-11" } as const;
export type ControlSize = keyof typeof CONTROL_SIZES;

const CONTROL = cn(
  "block w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 shadow-sm sm:text-sm",
  "transition-colors focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25",
  "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/25",
  "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
);

/** A native select styled like the Input primitive, with its chevron. */
export function Select({
  size = "md",
  className,
  children,
  ...props
}: Omit<ComponentProps<"select">, "size"> & { size?: ControlSize }) {
  return (
    <div className="relative">
      <select
        className={cn(CONTROL, CONTROL_SIZES[size], "cursor-pointer appearance-none pr-9 pl-3", className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

/** A date typed in the app's locale (value YYYY-MM-DD), with the same look. */
export { DateInput } from "./date-input";

/** A small label above a filter control. */
export function FieldLabel({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("mb-1.5 block text-xs font-medium text-slate-600", className)} {...props} />;
}

/** A label, its control, a hint and the field's error, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <FieldError id={`${id}-error`} testId="field-error">
          {error}
        </FieldError>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field's (or a group's) error under it; `alert` when nothing points at it (it appears after an action). */
export function FieldError({
  id,
  testId,
  alert = false,
  children,
}: {
  id?: string;
  testId?: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={alert ? "alert" : undefined}
      className="flex items-start gap-1.5 text-sm text-red-700"
      data-testid={testId}
    >
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

/** aria-* for a control inside <Field>. */
export function describedBy(id: string, error: string | null | undefined, hint?: unknown) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}

/** A native file picker with the kit's look; `onFile` gets the chosen file (null when the choice is cleared). */
export function FileInput({
  onFile,
  className,
  ...props
}: Omit<ComponentProps<"input">, "type" | "onChange"> & { onFile: (file: File | null) => void }) {
  return (
    <input
      type="file"
      onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      className={cn(
        "block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium",
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "block min-h-28 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 font-mono text-sm break-all text-slate-900 shadow-sm",
        "placeholder:font-sans placeholder:text-slate-400 transition-colors",
        "focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25",
        "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/25",
        "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
        className,
      )}
      {...props}
    />
  );
}
