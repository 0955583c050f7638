"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { useDateTime } from "@/components/format/date-time";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ColumnHeads } from "@/components/ui/column-heads";
import { Field, FileInput, Select } from "@/components/ui/fields";
import { PanelStates } from "@/components/ui/list-states";

const KINDS = ["pep", "sanctions"] as const;
type Kind = (typeof KINDS)[number];

type Loaded = {
  list: { kind: Kind; version: number; rowCount: number };
  rescreen: { screened: number; flagged: number };
};

/** The versions in use, every version loaded, and the form that loads a new one. */
export function KybLists({ maxMegabytes }: { maxMegabytes: number }) {
  const t = useTranslations("adminOnboarding.kyb.lists");
  const kinds = useTranslations("adminOnboarding.kyb.kinds");
  const trpc = useTRPC();
  const dateTime = useDateTime();
  const format = useFormatter();
  const lists = useQuery(trpc.kyb.lists.queryOptions());
  return (
    <div className="space-y-6">
      <Card data-testid="kyb-lists">
        <CardHeader>
          <CardTitle>{t("title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PanelStates query={lists} messages={t} testId="kyb-lists">
            {({ current, history }) => (
              <div className="space-y-5">
                <dl className="grid gap-3 sm:grid-cols-2">
                  {KINDS.map((kind) => (
                    <div key={kind} className="rounded-lg border border-slate-200 px-4 py-3">
                      <dt className="text-xs font-medium text-slate-600">
                        {kinds(kind)} · {t("current")}
                      </dt>
                      <dd
                        className="text-lg font-semibold tabular-nums text-slate-900"
                        data-testid={`kyb-current-${kind}`}
                      >
                        {current[kind] === null ? t("none") : t("currentVersion", { version: current[kind] })}
                      </dd>
                    </div>
                  ))}
                </dl>
                <section aria-labelledby="kyb-history">
                  <h3 id="kyb-history" className="mb-2 text-sm font-semibold text-slate-900">
                    {t("history")}
                  </h3>
                  {history.length === 0 ? (
                    <p className="text-sm text-slate-600">{t("empty")}</p>
                  ) : (
                    <div className="overflow-x-auto">
                      <table className="w-full text-left text-sm" data-testid="kyb-history">
                        <caption className="sr-only">{t("caption")}</caption>
                        <ColumnHeads
                          className="border-b border-slate-200 text-xs text-slate-600"
                          cellClassName="py-2 font-medium"
                          columns={[
                            { label: t("kind"), className: "pr-3" },
                            { label: t("version"), className: "pr-3" },
                            { label: t("file"), className: "pr-3" },
                            { label: t("rows"), className: "pr-3 text-right" },
                            { label: t("loadedBy"), className: "pr-3" },
                            { label: t("loadedAt") },
                          ]}
                        />
                        <tbody className="divide-y divide-slate-100">
                          {history.map((list) => (
                            <tr key={list.id} data-testid="kyb-history-row" data-kind={list.kind}>
                              <td className="py-2 pr-3">{kinds(list.kind as Kind)}</td>
                              <td className="py-2 pr-3 tabular-nums">v{list.version}</td>
                              <td className="max-w-[14rem] truncate py-2 pr-3 font-mono text-xs">{list.fileName}</td>
                              <td className="py-2 pr-3 text-right tabular-nums">{format.number(list.rowCount)}</td>
                              <td className="py-2 pr-3">{list.loadedBy}</td>
                              <td className="py-2 tabular-nums">{dateTime(list.loadedAt)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </section>
              </div>
            )}
          </PanelStates>
        </CardContent>
      </Card>
      <ListUpload maxMegabytes={maxMegabytes} />
    </div>
  );
}

/** POST /api/admin/kyb/lists; its refusals come in the reader's language. */
async function upload(kind: Kind, file: File): Promise<{ ok: true; loaded: Loaded } | { ok: false; message?: string }> {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", file);
  try {
    const res = await fetch("/api/admin/kyb/lists", { method: "POST", body: form });
    const body = (await res.json().catch(() => null)) as (Loaded & { message?: string }) | null;
    if (res.ok && body) return { ok: true, loaded: body };
    return { ok: false, message: res.status < 500 ? body?.message : undefined };
  } catch {
    return { ok: false };
  }
}

function ListUpload({ maxMegabytes }: { maxMegabytes: number }) {
  const t = useTranslations("adminOnboarding.kyb.upload");
  const kinds = useTranslations("adminOnboarding.kyb.kinds");
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>("sanctions");
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Loaded | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setDone(null);
    if (!file) return setError(t("noFile"));
    // the door refuses it too; saying so first spares a long upload
    if (file.size > maxMegabytes * 1_048_576) return setError(t("tooLarge", { max: maxMegabytes }));
    setError(null);
    setPending(true);
    const result = await upload(kind, file);
    setPending(false);
    if (!result.ok) return setError(result.message ?? t("generic"));
    setDone(result.loaded);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.kyb.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.onboarding.pathKey() }),
    ]);
  };

  return (
    <Card data-testid="kyb-upload">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="kyb-upload-form">
          <Field id={`${id}-kind`} label={t("kind")}>
            <Select
              id={`${id}-kind`}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind)}
              data-testid="kyb-upload-kind"
            >
              {KINDS.map((value) => (
                <option key={value} value={value}>
                  {kinds(value)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-file`} label={t("file")} hint={t("fileHint", { max: maxMegabytes })}>
            <FileInput id={`${id}-file`} accept=".csv,text/csv" onFile={setFile} data-testid="kyb-upload-file" />
          </Field>
          {error ? <Alert data-testid="kyb-upload-error">{error}</Alert> : null}
          {done ? (
            <p role="status" className="text-sm text-emerald-800" data-testid="kyb-upload-done">
              {t("done", {
                kind: kinds(done.list.kind),
                version: done.list.version,
                rows: done.list.rowCount,
                screened: done.rescreen.screened,
                flagged: done.rescreen.flagged,
              })}
            </p>
          ) : null}
          <Button type="submit" loading={pending} data-testid="kyb-upload-submit">
            {t("submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
