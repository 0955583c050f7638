"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ActivityIcon } from "@/components/ui/icons";
import type { AppRouter } from "@/server/trpc/routers";

type Health = inferRouterOutputs<AppRouter>["adminHome"]["overview"]["health"];

const TONE = { ok: "success", stale: "warning", "no-worker": "danger" } as const;

/** The data of /api/health's detail: each worker's heartbeat and queues, and the outbox backlog. */
export function WorkerHealthCard({ health }: { health: Health }) {
  const t = useTranslations("adminHome.health");
  const format = useFormatter();
  const now = useNow({ updateInterval: 30_000 });
  const { worker, outbox } = health;
  return (
    <Card aria-labelledby="admin-health" className="overflow-hidden" data-testid="worker-health">
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
            <ActivityIcon className="size-5" />
          </span>
          <div>
            <h2 id="admin-health" className="text-sm font-semibold text-slate-900">
              {t("title")}
            </h2>
            <p className="mt-0.5 text-xs text-slate-500">{t(`statusHint.${worker.status}`)}</p>
          </div>
        </div>
        <Badge tone={TONE[worker.status]} data-testid="worker-status">
          {t(`status.${worker.status}`)}
        </Badge>
      </div>
      <ul className="divide-y divide-slate-100">
        {worker.workers.map((w) => (
          <li key={w.workerId} className="px-5 py-3.5 sm:px-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-mono text-xs text-slate-700">{t("worker", { host: w.hostname, pid: w.pid })}</p>
              <p className="text-xs text-slate-500">
                {t("lastBeat", { time: format.relativeTime(new Date(w.beatAt), now) })}
              </p>
            </div>
            {w.queues.length ? (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {w.queues.map((queue) => (
                  <li key={queue.name} className="text-xs text-slate-600">
                    <span className="font-medium text-slate-800">{t("queue", { name: queue.name })}</span>
                    {": "}
                    {t("queueCounts", queue)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-500">{t("noQueues")}</p>
            )}
          </li>
        ))}
        <li className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3.5 sm:px-6" data-testid="outbox">
          <p className="text-sm font-medium text-slate-800">{t("outbox")}</p>
          <p className="text-sm text-slate-600 tabular-nums">
            {t("outboxCount", { count: outbox.due })}
            {outbox.oldestDueAt
              ? ` · ${t("outboxOldest", { time: format.relativeTime(outbox.oldestDueAt, now) })}`
              : null}
          </p>
        </li>
      </ul>
    </Card>
  );
}
