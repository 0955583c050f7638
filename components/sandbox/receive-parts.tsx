"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path } from "react-hook-form";
import { type AnyForm, blankAsAbsent, FormField } from "@/components/forms/schema-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PartyInput } from "@/server/transfers/schema";
import type { SandboxEntry } from "./shared";

export type FormProps = { onDone: (entry: SandboxEntry) => void };

/** The payer's name as the sandbox takes it; blank lets the simulated network name someone. */
export const PayerName = blankAsAbsent(PartyInput.shape.name.unwrap());
export const payerOf = (name: string | undefined) => (name ? { name } : undefined);

export function PayerField<V extends FieldValues>({ form }: { form: AnyForm<V> }) {
  const t = useTranslations("sandbox.receive");
  return (
    <FormField form={form} name={"payerName" as Path<V>} label={t("payerName")} hint={t("payerNameHint")}>
      {(control) => <Input {...control} autoComplete="off" placeholder={t("payerNamePlaceholder")} />}
    </FormField>
  );
}

export function Submit({ loading }: { loading: boolean }) {
  const t = useTranslations("sandbox.receive");
  return (
    <div className="flex justify-end">
      <Button type="submit" loading={loading} className="w-full sm:w-auto">
        {loading ? t("submitting") : t("submit")}
      </Button>
    </div>
  );
}
