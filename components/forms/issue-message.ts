"use client";

/**
 * Forms validate with the same zod schemas as the doors (server/<capability>/schema.ts) and show
 * each refusal in the reader's language.
 */
import { useLocale, useTranslations } from "next-intl";
import type { z } from "zod";
import { UNSAFE_TEXT_MESSAGE } from "@/server/fields/text";
import { formatBrl } from "@/server/money";
import type { AmountTextError } from "./amount";

type FieldErrorKey = "required" | "tooLong" | "malformed" | "unsafeText" | "invalid" | AmountTextError;
/**
 * What a refusal says, as a key of `fieldErrors`; a form may word any of them its own way per
 * field, and a form's own rule may name its own kind (`params: { fieldError }` of a custom issue).
 */
export type IssueKind = FieldErrorKey | (string & {});

export function issueKind(issue: z.core.$ZodIssue): IssueKind {
  if (issue.code === "custom" && typeof issue.params?.fieldError === "string") return issue.params.fieldError;
  if (issue.code === "too_big" && issue.origin === "string") return "tooLong";
  if (issue.code === "too_small" && issue.origin === "string") return "required";
  if (issue.code === "invalid_format") return "malformed";
  if (issue.message === UNSAFE_TEXT_MESSAGE) return "unsafeText";
  return "invalid";
}

/**
 * A zod issue in the reader's language: the sentence of its refusal reason (the schema's own,
 * as BrlAmount gives), else of its kind.
 */
export function useIssueMessage() {
  const t = useTranslations("fieldErrors");
  const reasons = useTranslations("serviceErrors.reasons");
  const locale = useLocale();
  return (issue: z.core.$ZodIssue): string => {
    const reason = issue.code === "custom" ? issue.params?.reason : undefined;
    const maxCents = issue.code === "custom" ? issue.params?.maxCents : undefined;
    if (reason === "AMOUNT_ABOVE_LIMIT" && typeof maxCents === "string") {
      return t("amountAboveMax", { amount: formatBrl(BigInt(maxCents), locale) });
    }
    if (typeof reason === "string" && reasons.has(reason as never)) return reasons(reason as never);
    const kind = issueKind(issue);
    if (kind === "tooLong") return t("tooLong", { max: Number((issue as z.core.$ZodIssueTooBig).maximum) });
    return t.has(kind as FieldErrorKey) ? t(kind as FieldErrorKey) : t("invalid");
  };
}
