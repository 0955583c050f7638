"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { AccountSelect } from "@/components/balance/accounts";
import { useFormBasics } from "@/components/forms/form-basics";
import { CardList, ListCard } from "@/components/lists/card-list";
import { DataTable } from "@/components/lists/data-table";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FileInput } from "@/components/ui/fields";
import type { CsvRowCode } from "@/server/charges/due-date/batch-csv-codes";

type Status = "EM_PROCESSAMENTO" | "CRIADA" | "NEGADA";
const TONE = { EM_PROCESSAMENTO: "neutral", CRIADA: "success", NEGADA: "danger" } as const;

/** The file and the account, then the batch it became, followed until every row is done. */
export function DueDateUpload() {
  const t = useTranslations("dueDateUpload.form");
  const {
    id,
    accounts,
    explain,
    mutation: upload,
  } = useFormBasics((trpc) => trpc.dueDateBatches.upload.mutationOptions());
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [batch, setBatch] = useState<string | null>(null);
  const account = accounts.find((item) => item.accountId === chosenAccount) ?? accounts[0];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending || !account) return;
    if (!file) return setError(t("noFile"));
    setError(null);
    upload.mutate(
      { accountId: account.accountId, fileName: file.name, csv: await file.text() },
      { onSuccess: ({ id: batchId }) => setBatch(batchId), onError: (cause) => setError(explain(cause).message) },
    );
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <form onSubmit={onSubmit} noValidate className="space-y-5" data-testid="due-date-upload-form">
            <Field id={`${id}-file`} label={t("file")} hint={t("fileHint")}>
              <FileInput id={`${id}-file`} accept=".csv,text/csv" onFile={setFile} data-testid="due-date-upload-file" />
            </Field>
            {accounts.length > 1 && account ? (
              <Field id={`${id}-account`} label={t("account")} hint={t("accountHint")}>
                <AccountSelect
                  id={`${id}-account`}
                  accounts={accounts}
                  value={account.accountId}
                  onChoose={setChosenAccount}
                />
              </Field>
            ) : null}
            {error ? <Alert data-testid="due-date-upload-error">{error}</Alert> : null}
            {/* enabled once the accounts are known (and so the form is live) */}
            <Button type="submit" loading={upload.isPending} disabled={!account} data-testid="due-date-upload-submit">
              {t("submit")}
            </Button>
          </form>
        </CardContent>
      </Card>
      {batch ? <BatchResult id={batch} /> : null}
    </div>
  );
}

/** Each row of the file: its line, txid, result and, when refused, the column and the reason. */
function BatchResult({ id }: { id: string }) {
  const t = useTranslations("dueDateUpload.result");
  const trpc = useTRPC();
  const result = useQuery({
    ...trpc.dueDateBatches.get.queryOptions({ id }),
    refetchInterval: (query) => (query.state.data && query.state.data.pending === 0 ? false : 1000),
  });
  const data = result.data;
  if (!data) return null;
  type Row = (typeof data.rows)[number];
  const status = (row: Row) => (
    <Badge tone={TONE[row.status as Status]} data-testid="due-date-upload-status">
      {t(`statuses.${row.status as Status}`)}
    </Badge>
  );
  const reasons = (row: Row) =>
    row.problems.map((problem) => (
      <p key={`${problem.column}:${problem.reason}`}>
        <span className="font-medium">{t("column", { column: problem.column })}</span>:{" "}
        {problem.code ? t(`codes.${problem.code as CsvRowCode}`) : problem.reason}
      </p>
    ));
  return (
    <section className="space-y-3" data-testid="due-date-upload-result">
      <CardHeader className="px-0 pt-0 sm:px-0 sm:pt-0">
        <CardTitle>{t("title", { file: data.fileName })}</CardTitle>
        <CardDescription data-testid="due-date-upload-summary">
          {t("summary", { created: data.created, refused: data.refused, pending: data.pending })}
        </CardDescription>
        {data.refused > 0 ? <CardDescription>{t("reasonNote")}</CardDescription> : null}
      </CardHeader>
      <DataTable
        caption={t("caption")}
        rows={data.rows}
        rowKey={(row) => row.txId}
        testId="due-date-upload-table"
        rowTestId="due-date-upload-row"
        align="top"
        columns={[
          { header: t("line"), className: "w-[5rem]", cell: (row) => row.line },
          {
            header: t("txid"),
            className: "w-[18rem]",
            cellClassName: "font-mono text-xs break-all",
            cell: (row) => row.txId,
          },
          { header: t("status"), className: "w-[10rem]", cell: status },
          { header: t("reason"), cellClassName: "space-y-1 text-slate-700", cell: reasons },
        ]}
      />
      <CardList rows={data.rows} rowKey={(row) => row.txId} testId="due-date-upload-cards">
        {(row) => (
          <ListCard
            testId="due-date-upload-card"
            title={`${t("line")} ${row.line}`}
            subtitle={row.txId}
            status={status(row)}
          >
            {row.problems.length ? <div className="mt-2 space-y-1 text-sm text-slate-700">{reasons(row)}</div> : null}
          </ListCard>
        )}
      </CardList>
    </section>
  );
}
