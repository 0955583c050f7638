"use client";

/**
 * Keeps the dashboard current while money moves: polls `account.pulse` (every 5 s after a change,
 * backing off to a minute while nothing moves; paused while the tab is hidden), refreshes balances,
 * the ledger and the charges when it changes, and says "PIX received" for each new credit.
 */
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useMoney } from "@/components/format/money";
import { useTRPC } from "@/components/providers/trpc-provider";
import { CloseButton } from "@/components/ui/dialog";
import { CheckIcon } from "@/components/ui/icons";

const FIRST_DELAY_MS = 5_000;
const LONGEST_DELAY_MS = 60_000;
const NOTICE_MS = 8_000;

/** The wait before the next look, after `quiet` looks in a row that saw nothing move. */
export function pollDelay(quiet: number): number {
  return Math.min(LONGEST_DELAY_MS, Math.round(FIRST_DELAY_MS * 1.5 ** quiet));
}

type Notice = { id: string; amountCents: bigint; payerName: string | null };

export function LiveUpdates() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [seen, setSeen] = useState<string | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const quiet = useRef(0);
  const pulse = useQuery({
    ...trpc.account.pulse.queryOptions({ since: seen }),
    placeholderData: keepPreviousData,
    refetchInterval: () => pollDelay(quiet.current),
    refetchOnWindowFocus: true,
  });

  const data = pulse.isPlaceholderData ? undefined : pulse.data;
  useEffect(() => {
    if (!data) return;
    if (data.marker === seen) {
      quiet.current += 1;
      return;
    }
    quiet.current = 0;
    if (seen !== null) {
      void Promise.all([
        queryClient.invalidateQueries(trpc.account.overview.queryFilter()),
        queryClient.invalidateQueries(trpc.ledger.pathFilter()),
        queryClient.invalidateQueries(trpc.charges.pathFilter()),
        queryClient.invalidateQueries(trpc.analytics.pathFilter()),
      ]);
      if (data.received.length > 0) setNotices((shown) => [...data.received, ...shown].slice(0, 3));
    }
    setSeen(data.marker);
  }, [data, seen, queryClient, trpc]);

  return (
    <ReceivedNotices notices={notices} onClose={(id) => setNotices((shown) => shown.filter((n) => n.id !== id))} />
  );
}

/** A notice a received PIX, in a polite live region at the corner; each closes by itself. */
function ReceivedNotices({ notices, onClose }: { notices: Notice[]; onClose: (id: string) => void }) {
  const t = useTranslations("live");
  const money = useMoney();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {notices.map((notice) => (
        <ReceivedNotice key={notice.id} onClose={() => onClose(notice.id)}>
          <p className="font-semibold text-slate-900">{t("received", { amount: money(notice.amountCents) })}</p>
          {notice.payerName ? <p className="text-slate-600">{t("from", { name: notice.payerName })}</p> : null}
        </ReceivedNotice>
      ))}
    </div>
  );
}

function ReceivedNotice({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const t = useTranslations("live");
  // the parent renders again on every poll; the notice's own clock must not start over
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => close.current(), NOTICE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      data-testid="received-notice"
      className="pointer-events-auto flex items-start gap-3 rounded-xl border border-emerald-200 bg-white p-3.5 text-sm shadow-lg"
    >
      <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
        <CheckIcon className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1 break-words">{children}</div>
      <CloseButton onClick={onClose} label={t("close")} />
    </div>
  );
}
