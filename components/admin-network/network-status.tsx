"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Stat } from "@/components/admin/overview";
import { useDateTime } from "@/components/format/date-time";
import { useMoney } from "@/components/format/money";
import { amountColumn } from "@/components/lists/data-table";
import { ListRows } from "@/components/lists/list-rows";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { RefreshIcon } from "@/components/ui/icons";
import { PanelStates } from "@/components/ui/list-states";
import { SeriesTable } from "@/components/ui/series-table";
import type { AlarmList, AlarmPayment, ConnectionState, NetworkReader, NetworkStatus } from "@/server/pix/monitoring";
import { MessagesChart } from "./messages-chart";

/** How often the page asks again (TanStack Query's refetchInterval). */
const REFRESH_MS = 10_000;

const TONE = { ok: "success", attention: "warning", down: "danger", sandbox: "accent" } as const;

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * /admin/network: the platform on the PIX network (server/pix/monitoring.ts), refreshed every 10
 * seconds. On the sandbox only the rail_payments parts (the two alarm lists) mean anything.
 */
export function NetworkStatusView() {
  const t = useTranslations("adminNetwork");
  const format = useFormatter();
  const trpc = useTRPC();
  const status = useQuery(trpc.adminNetwork.status.queryOptions(undefined, { refetchInterval: REFRESH_MS }));

  return (
    <PanelStates query={status} messages={t} testId="network">
      {(data) => (
        <div className="space-y-6" data-testid="network">
          <div className="-mt-4 flex items-center justify-end gap-2 text-xs text-slate-500">
            <span data-testid="network-updated">
              {t("updatedAt", { time: format.dateTime(data.generatedAt, { timeStyle: "medium" }) })}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => status.refetch()}
              disabled={status.isFetching}
              aria-label={t("refresh")}
              title={t("refresh")}
            >
              <RefreshIcon className={cn("size-4", status.isFetching && "animate-spin")} />
            </Button>
          </div>
          <Connection status={data} />
          {data.rail === "network" ? <Readers status={data} /> : null}
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
            <Alarm
              which="awaiting"
              list={data.awaitingDecision}
              thresholdMs={data.thresholds.decisionMs}
              now={data.generatedAt}
            />
            <Alarm
              which="unsettled"
              list={data.acceptedNotSettled}
              thresholdMs={data.thresholds.settlementMs}
              now={data.generatedAt}
            />
          </div>
          {data.rail === "network" ? (
            <>
              <Hourly status={data} />
              <Admi002 status={data} />
            </>
          ) : null}
        </div>
      )}
    </PanelStates>
  );
}

function Panel({
  id,
  title,
  hint,
  aside,
  testId,
  children,
}: {
  id: string;
  title: string;
  hint?: ReactNode;
  aside?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="min-w-0 space-y-4 p-5 sm:p-6" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
        </div>
        {aside ? <div className="shrink-0">{aside}</div> : null}
      </div>
      {children}
    </Card>
  );
}

function useMoment() {
  const t = useTranslations("adminNetwork.connection");
  const format = useFormatter();
  return (date: Date | null, now: Date) => (date ? format.relativeTime(date, now) : t("never"));
}

function Connection({ status }: { status: NetworkStatus }) {
  const t = useTranslations("adminNetwork.connection");
  const moment = useMoment();
  const state: ConnectionState = status.connection;
  const staleSeconds = seconds(status.thresholds.readerStaleMs);
  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{t("title")}</h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="network-connection-hint">
            {t(`hint.${state}`, { seconds: staleSeconds })}
          </p>
        </div>
        <Badge tone={TONE[state]} className="self-start text-sm" data-testid="network-connection">
          {t(`state.${state}`)}
        </Badge>
      </Card>
      {status.rail === "network" ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat label={t("streamsOpen")} hint={t("streamsHint", { seconds: staleSeconds })} testId="network-streams">
            {status.streamsOpen}
          </Stat>
          <Stat label={t("lastMessage")} testId="network-last-message">
            <span className="text-lg">{moment(status.lastMessageAt, status.generatedAt)}</span>
          </Stat>
          <Stat label={t("lastEcho")} testId="network-last-echo">
            <span className="text-lg">{moment(status.lastEchoAt, status.generatedAt)}</span>
          </Stat>
        </div>
      ) : null}
    </div>
  );
}

function Readers({ status }: { status: NetworkStatus }) {
  const t = useTranslations("adminNetwork.readers");
  const moment = useMoment();
  const now = status.generatedAt;
  const badge = (r: NetworkReader) => (
    <Badge tone={r.stale ? "danger" : "success"} data-testid="network-reader-state">
      {r.stale ? t("stale") : t("fresh")}
    </Badge>
  );
  return (
    <Panel id="network-readers" title={t("title")} testId="network-readers">
      {status.readers.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="network-readers-empty">
          {t("empty")}
        </p>
      ) : (
        <ListRows
          rows={status.readers}
          rowKey={(r) => r.id}
          caption={t("caption")}
          testId="network-reader"
          fixed={false}
          columns={[
            {
              header: t("columns.id"),
              cellClassName: "font-mono text-xs text-slate-800 break-all",
              cell: (r) => r.id,
            },
            { header: t("columns.streams"), className: "text-right tabular-nums", cell: (r) => r.streamsOpen },
            { header: t("columns.lastMessage"), cell: (r) => moment(r.lastMessageAt, now) },
            { header: t("columns.lastEcho"), cell: (r) => moment(r.lastEchoAt, now) },
            {
              header: t("columns.updated"),
              cell: (r) => (
                <span className="flex flex-wrap items-center gap-2">
                  {badge(r)}
                  <span className="text-xs text-slate-500">{moment(r.updatedAt, now)}</span>
                </span>
              ),
            },
            {
              header: t("columns.lastError"),
              cellClassName: "text-xs text-slate-600 break-words",
              cell: (r) => r.lastError ?? t("noError"),
            },
          ]}
          card={(r) => ({
            title: <span className="font-mono text-xs">{r.id}</span>,
            subtitle: t("card", { streams: r.streamsOpen, time: moment(r.updatedAt, now) }),
            status: badge(r),
            note: r.lastError ?? undefined,
          })}
        />
      )}
    </Panel>
  );
}

function Hourly({ status }: { status: NetworkStatus }) {
  const t = useTranslations("adminNetwork.hourly");
  const format = useFormatter();
  const ms = (value: number | null) => (value === null ? t("none") : t("ms", { ms: format.number(value) }));
  return (
    <Panel id="network-hourly" title={t("title")} hint={t("hint")} testId="network-hourly">
      <MessagesChart hours={status.hourly} />
      <SeriesTable
        caption={t("caption")}
        testId="network-hour-table"
        rowTestId="network-hour-row"
        className="max-h-96"
        columns={[
          {
            label: t("hour"),
            nowrap: true,
            cell: (h) =>
              format.dateTime(h.hour, { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" }),
          },
          { label: t("in"), cell: (h) => format.number(h.messagesIn) },
          { label: t("out"), cell: (h) => format.number(h.messagesOut) },
          { label: t("p50"), nowrap: true, cell: (h) => ms(h.answerP50Ms) },
          { label: t("p99"), nowrap: true, cell: (h) => ms(h.answerP99Ms) },
        ]}
        rows={[...status.hourly].reverse()}
        rowKey={(h) => h.hour.toISOString()}
      />
    </Panel>
  );
}

function Alarm({
  which,
  list,
  thresholdMs,
  now,
}: {
  which: "awaiting" | "unsettled";
  list: AlarmList;
  thresholdMs: number;
  now: Date;
}) {
  const t = useTranslations(`adminNetwork.${which}`);
  const ta = useTranslations("adminNetwork.alarm");
  const format = useFormatter();
  const money = useMoney();
  const since = (p: AlarmPayment) => format.relativeTime(p.since, now);
  const testId = `network-${which}`;
  return (
    <Panel
      id={testId}
      title={t("title")}
      hint={t("hint", { seconds: seconds(thresholdMs) })}
      testId={testId}
      aside={
        <Badge tone={list.count > 0 ? "warning" : "neutral"} data-testid={`${testId}-count`}>
          {ta("count", { count: list.count })}
        </Badge>
      }
    >
      {list.count === 0 ? (
        <p className="text-sm text-slate-600" data-testid={`${testId}-empty`}>
          {t("empty", { seconds: seconds(thresholdMs) })}
        </p>
      ) : (
        <>
          {list.count > list.oldest.length ? (
            <p className="text-xs text-slate-500">{ta("shown", { shown: list.oldest.length })}</p>
          ) : null}
          <ListRows
            rows={list.oldest}
            rowKey={(p) => p.id}
            caption={ta("caption", { title: t("title") })}
            testId={`${testId}-payment`}
            fixed={false}
            columns={[
              { header: ta("columns.id"), cellClassName: "font-mono text-xs break-all", cell: (p) => p.id },
              { header: ta("columns.kind"), cell: (p) => ta(`kind.${p.kind}`) },
              {
                header: ta("columns.account"),
                cellClassName: "tabular-nums",
                cell: (p) => p.accountId ?? ta("noAccount"),
              },
              amountColumn(ta("columns.amount"), (p: AlarmPayment) => money(p.amountCents), ""),
              { header: ta("columns.since"), cellClassName: "whitespace-nowrap", cell: since },
            ]}
            card={(p) => ({
              title: <span className="font-mono text-xs">{p.id}</span>,
              amount: money(p.amountCents),
              subtitle: ta("card", { kind: ta(`kind.${p.kind}`), account: p.accountId ?? ta("noAccount") }),
              note: since(p),
            })}
          />
        </>
      )}
    </Panel>
  );
}

function Admi002({ status }: { status: NetworkStatus }) {
  const t = useTranslations("adminNetwork.admi");
  const dateTime = useDateTime();
  const { count, latest } = status.admi002Received;
  const reason = (m: (typeof latest)[number]) =>
    m.reasonCode ? [m.reasonCode, m.reasonText].filter(Boolean).join(": ") : t("unreadable");
  return (
    <Panel
      id="network-admi"
      title={t("title")}
      hint={t("hint")}
      testId="network-admi"
      aside={
        <Badge tone={count > 0 ? "warning" : "neutral"} data-testid="network-admi-count">
          {t("count", { count })}
        </Badge>
      }
    >
      {count === 0 ? (
        <p className="text-sm text-slate-600" data-testid="network-admi-empty">
          {t("empty")}
        </p>
      ) : (
        <ListRows
          rows={latest}
          rowKey={(m) => m.id}
          caption={t("caption")}
          testId="network-admi-message"
          fixed={false}
          columns={[
            {
              header: t("columns.at"),
              cellClassName: "whitespace-nowrap",
              cell: (m) => dateTime(m.createdAt, "medium"),
            },
            { header: t("columns.message"), cellClassName: "font-mono text-xs break-all", cell: (m) => m.bizMsgIdr },
            {
              header: t("columns.refers"),
              cellClassName: "font-mono text-xs break-all",
              cell: (m) => m.relatedBizMsgIdr ?? m.subjectId ?? t("none"),
            },
            { header: t("columns.reason"), cellClassName: "text-xs break-words", cell: reason },
          ]}
          card={(m) => ({
            title: dateTime(m.createdAt, "medium"),
            subtitle: t("card", { refers: m.relatedBizMsgIdr ?? m.subjectId ?? t("none") }),
            note: reason(m),
          })}
        />
      )}
    </Panel>
  );
}
