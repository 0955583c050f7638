"use client";

import type { ReactNode } from "react";
import { cn } from "./cn";

export type Choice<T extends string> = { value: T; title: ReactNode; hint: ReactNode };

/** A radio group drawn as cards side by side (one column on a phone): a title and a hint each. */
export function ChoiceCards<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-600 has-[:focus-visible]:ring-offset-2",
              value === choice.value ? "border-emerald-600 bg-emerald-50/60" : "border-slate-300 hover:bg-slate-50",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-4 accent-emerald-700"
            />
            <span>
              <span className="block font-medium text-slate-900">{choice.title}</span>
              <span className="block text-xs text-slate-600">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
