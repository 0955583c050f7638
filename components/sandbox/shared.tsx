"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { errorData, useServiceError } from "@/components/forms/service-error";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useAfterSend } from "@/components/send/shared";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CheckIcon } from "@/components/ui/icons";
import type { AppRouter } from "@/server/trpc/routers";

export type SandboxEntry = inferRouterOutputs<AppRouter>["sandbox"]["payCharge"];
export type SandboxMed = inferRouterOutputs<AppRouter>["sandbox"]["openMed"];

/** The three things a merchant can have the outside world do, each with its own errors. */
export type SandboxAction = "receive" | "med" | "return";

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
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
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

export function OutcomeLink({ href, testId, children }: { href: string; testId?: string; children: ReactNode }) {
  return (
    <Link href={href} data-testid={testId} className="font-medium text-emerald-800 underline underline-offset-2">
      {children}
    </Link>
  );
}
