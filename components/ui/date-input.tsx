"use client";

import { useLocale, useTranslations } from "next-intl";
import { type ComponentProps, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "./cn";
import { dateOrder, formatIsoDate, maskDate, parseTypedDate } from "./date-text";
import { CalendarIcon } from "./icons";

const SIZES = { sm: "h-9", md: "h-10", lg: "h-11" } as const;

type Props = Omit<ComponentProps<"input">, "type" | "size" | "value" | "onChange" | "min" | "max"> & {
  /** YYYY-MM-DD, or "" for none. */
  value: string;
  /** Called with YYYY-MM-DD once a complete, real date in range is typed or picked; "" when cleared. */
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  size?: keyof typeof SIZES;
};

/**
 * A date typed in the app's locale (dd/mm/aaaa in pt-BR), whatever the browser's language, with
 * the browser's calendar one click away. The value in and out is an ISO date.
 */
export function DateInput({ value, onChange, min, max, size = "md", className, onBlur, ...props }: Props) {
  const t = useTranslations("dateInput");
  const locale = useLocale();
  const order = useMemo(() => dateOrder(locale), [locale]);
  const [text, setText] = useState(() => formatIsoDate(value, order));
  const [invalid, setInvalid] = useState(false);
  const emitted = useRef(value);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a preset, "clear filters") replaces what is shown.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(formatIsoDate(value, order));
    setInvalid(false);
  }, [value, order]);

  const inRange = (iso: string) => (!min || iso >= min) && (!max || iso <= max);
  function emit(iso: string) {
    emitted.current = iso;
    onChange(iso);
  }

  function onType(raw: string) {
    const masked = maskDate(raw, order);
    setText(masked);
    if (masked === "") {
      setInvalid(false);
      if (value !== "") emit("");
      return;
    }
    const iso = parseTypedDate(masked, order);
    if (iso && inRange(iso)) {
      setInvalid(false);
      if (iso !== value) emit(iso);
    }
  }

  return (
    <div className="relative">
      <input
        {...props}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("placeholder")}
        value={text}
        maxLength={10}
        onChange={(event) => onType(event.target.value)}
        onBlur={(event) => {
          const iso = parseTypedDate(text, order);
          setInvalid(text !== "" && !(iso && inRange(iso)));
          onBlur?.(event);
        }}
        aria-invalid={invalid || props["aria-invalid"] || undefined}
        className={cn(
          "block w-full rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-base text-slate-900 tabular-nums shadow-sm sm:text-sm",
          "transition-colors focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25",
          "aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/25",
          "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500",
          SIZES[size],
          className,
        )}
      />
      <button
        type="button"
        onClick={() => picker.current?.showPicker?.()}
        disabled={props.disabled}
        className="absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        aria-label={t("pick")}
        title={t("pick")}
      >
        <CalendarIcon className="size-4" />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(event) => {
          const iso = event.target.value;
          setText(formatIsoDate(iso, order));
          setInvalid(false);
          emit(iso);
        }}
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
      />
    </div>
  );
}
