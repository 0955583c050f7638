"use client";

/**
 * Forms validate with the same zod schemas as the doors (server/<capability>/schema.ts) and show
 * each refusal in the reader's language.
 */
import { useTranslations } from "next-intl";
import type { z } from "zod";
import type { AmountError } from "@/components/send/amount";
import { UNSAFE_TEXT_MESSAGE } from "@/server/fields/text";

/** A check of one value against a field schema: null when it passes, else a localized message. */
export function useFieldCheck() {
  const t = useTranslations("fieldErrors");
  return (schema: z.ZodType, value: unknown): string | null => {
    const result = schema.safeParse(value);
    if (result.success) return null;
    const issue = result.error.issues[0];
    if (!issue) return t("invalid");
    if (issue.code === "too_big" && issue.origin === "string") return t("tooLong", { max: Number(issue.maximum) });
    if (issue.code === "too_small" && issue.origin === "string") return t("required");
    if (issue.code === "invalid_format") return t("malformed");
    if (issue.message === UNSAFE_TEXT_MESSAGE) return t("unsafeText");
    return t("invalid");
  };
}

/** The one map from a typed amount's refusal (components/send/amount.ts) to its message. */
export function useAmountMessage() {
  const t = useTranslations("send.validation");
  const messages: Record<AmountError, string> = {
    required: t("amountRequired"),
    invalid: t("amountInvalid"),
    decimals: t("amountDecimals"),
    positive: t("amountPositive"),
  };
  return (error: AmountError) => messages[error];
}
