import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { type AnyForm, FormField } from "./schema-form";

/** A BRL amount input: "R$" in front, the locale's decimal keyboard on phones. */
export function AmountInput({ className, ...props }: Omit<ComponentProps<"input">, "type" | "inputMode">) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-sm font-medium text-slate-500">
        R$
      </span>
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={cn("pl-10 tabular-nums", className)}
        {...props}
      />
    </div>
  );
}

/** A form's amount field (checked by `amountText`): label, the amount input, the locale's rule as a hint, its error. */
export function AmountField<V extends FieldValues>({
  form,
  name,
  label,
  placeholder,
  autoFocus,
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
}) {
  const t = useTranslations("money");
  return (
    <FormField form={form} name={name} label={label} hint={t("hint")}>
      {(control) => <AmountInput {...control} placeholder={placeholder ?? t("placeholder")} autoFocus={autoFocus} />}
    </FormField>
  );
}
