"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { FieldValues, Path, PathValue } from "react-hook-form";
import { useDateTime } from "@/components/format/date-time";
import { entryHref } from "@/components/format/entry";
import { useMoney } from "@/components/format/money";
import { type AnyForm, FormAlert, SelectField } from "@/components/forms/schema-form";
import { errorData, useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useAfterSend } from "@/components/send/shared";
import { Button } from "@/components/ui/button";
import { TitledCard } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import type { AppRouter } from "@/server/trpc/routers";

export type SandboxEntry = inferRouterOutputs<AppRouter>["sandbox"]["payCharge"];
export type SandboxMed = inferRouterOutputs<AppRouter>["sandbox"]["openMed"];

/** The three things a merchant can have the outside world do, each with its own errors. */
export type SandboxAction = "receive" | "med" | "return" | "recurrence";

/**
 * After a simulated movement: balances and entries (as after a send), and the lists the Sandbox
 * page picks from (pending charges, MEDs), so every page shows the new state.
 */
export function useAfterSandbox() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const afterSend = useAfterSend();
  return () =>
    Promise.all([
      afterSend(),
      queryClient.invalidateQueries(trpc.charges.pathFilter()),
      queryClient.invalidateQueries(trpc.dueDateCharges.pathFilter()),
      queryClient.invalidateQueries(trpc.meds.pathFilter()),
    ]);
}

/**
 * A refusal as the merchant should read it: the Sandbox's own sentence for what only it meets
 * (someone else's charge, a MED already open), else the dashboard's sentence for the reason.
 */
export function useSandboxError(action: SandboxAction) {
  const t = useTranslations("sandbox.errors");
  const explain = useServiceError();
  return (error: unknown): { message: string; field: string | null } => {
    const data = errorData(error);
    const code = data && !data.zodError && !data.reason ? (data.appCode ?? data.code) : null;
    const key = `${action}.${code}`;
    if (code && t.has(key as never)) return { message: t(key as never), field: data?.field ?? null };
    const { message, field } = explain(error);
    return { message, field };
  };
}

/** One simulation: a card with its title, what it does, and the form. */
export function SandboxCard({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <TitledCard title={title} description={description} data-testid={testId}>
      {children}
    </TitledCard>
  );
}

/** What the last simulation did, with links to what it created; announced, and focused for keyboards. */
export function Outcome({ testId, children, links }: { testId: string; children: ReactNode; links: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid={testId}
      className="flex items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900 outline-none"
    >
      <CheckIcon className="mt-px size-4 shrink-0 text-emerald-700" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <p>{children}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1">{links}</p>
      </div>
    </div>
  );
}

/**
 * The last simulated receipt or return: `show` refreshes what it changed (useAfterSandbox) and
 * keeps it for EntryOutcome; `clear` forgets it.
 */
export function useEntryOutcome() {
  const after = useAfterSandbox();
  const [entry, setEntry] = useState<SandboxEntry | null>(null);
  return {
    entry,
    show(next: SandboxEntry) {
      void after();
      setEntry(next);
    },
    clear: () => setEntry(null),
  };
}

/**
 * What a simulated receipt or return did (`action`'s "done" of the entry's amount and payer), with a
 * link to its entry and any `more`; nothing before the first. A new entry is a new, focused outcome.
 */
export function EntryOutcome({
  action,
  entry,
  more,
}: {
  action: "receive" | "return";
  entry: SandboxEntry | null;
  more?: ReactNode;
}) {
  const t = useTranslations(`sandbox.${action}`);
  const money = useMoney();
  if (!entry) return null;
  const links = (
    <>
      <OutcomeLink href={entryHref(entry)} testId={`sandbox-${action}-entry`}>
        {t("viewEntry")}
      </OutcomeLink>
      {more}
    </>
  );
  return (
    <Outcome key={entry.id} testId={`sandbox-${action}-outcome`} links={links}>
      {t("done", { amount: money(entry.grossCents), name: entry.payer?.name ?? "" })}
    </Outcome>
  );
}

/**
 * Chooses the first of `choices` in the form's select `name` while it holds none of them (the list
 * came, or what was chosen left it).
 */
export function useFirstChoice<V extends FieldValues>(form: AnyForm<V>, name: Path<V>, choices: string[]) {
  const first = choices[0];
  useEffect(() => {
    if (first && !choices.includes(form.getValues(name))) form.setValue(name, first as PathValue<V, Path<V>>);
  }, [first, choices, form, name]);
}

export function OutcomeLink({ href, testId, children }: { href: string; testId?: string; children: ReactNode }) {
  return (
    <Link href={href} data-testid={testId} className="font-medium text-emerald-800 underline underline-offset-2">
      {children}
    </Link>
  );
}

/** A PIX of the ledger a simulation can act on: by its end-to-end id, with its amount, parties and time. */
type PaymentChoice = {
  id: string;
  endToEndId: string | null;
  grossCents: bigint;
  createdAt: Date;
  payer?: { name: string } | null;
  receiver?: { name: string } | null;
};

/** What PaymentField reads of its card's messages: the field's label and an option's words. */
type PaymentMessages = (
  key: "payment" | "paymentOption",
  values?: { amount: string; name: string; date: string },
) => string;

/**
 * The select of the PIX a simulation acts on (the form's `endToEndId`), each named by its amount,
 * the other party and its time.
 */
export function PaymentField<V extends FieldValues & { endToEndId: string }>({
  form,
  messages: t,
  payments,
  party,
  disabled,
}: {
  form: AnyForm<V>;
  messages: PaymentMessages;
  payments: PaymentChoice[];
  /** The other party of each PIX, the one its option names. */
  party: "payer" | "receiver";
  disabled: boolean;
}) {
  const money = useMoney();
  const date = useDateTime();
  return (
    <SelectField form={form} name={"endToEndId" as Path<V>} label={t("payment")} disabled={disabled}>
      {payments.map((entry) => (
        <option key={entry.id} value={entry.endToEndId ?? ""}>
          {t("paymentOption", {
            amount: money(entry.grossCents),
            name: entry[party]?.name ?? "—",
            date: date(entry.createdAt),
          })}
        </option>
      ))}
    </SelectField>
  );
}

/** Opening a MED blocks the merchant's money: its button warns; a return is an ordinary action. */
const SUBMIT_VARIANT = { med: "danger", return: "secondary" } as const;

/** What PaymentForm reads of its card's messages. */
type PaymentFormMessages = (key: "noPayments" | "submit" | "submitting") => string;

/**
 * A simulation's form on one of the merchant's PIX (`sandbox-<action>-form`): a note when there is
 * none to act on, else the refusal on top, the fields and the submit button.
 */
export function PaymentForm<V extends FieldValues>({
  action,
  form,
  messages: t,
  empty,
  busy,
  onSubmit,
  children,
}: {
  action: "med" | "return";
  form: AnyForm<V>;
  messages: PaymentFormMessages;
  /** The payments are known and none can be acted on. */
  empty: boolean;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  if (empty) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">{t("noPayments")}</p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid={`sandbox-${action}-form`}>
      <FormAlert form={form} />
      {children}
      <div className="flex justify-end">
        <Button type="submit" variant={SUBMIT_VARIANT[action]} loading={busy} className="w-full sm:w-auto">
          {busy ? t("submitting") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
