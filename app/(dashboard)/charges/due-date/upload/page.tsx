import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DueDateUpload } from "@/components/due-date-batches/upload";
import { BackButtonLink } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/server/auth/tenant";
import { CSV_COLUMNS, CSV_EXAMPLE, REQUIRED_CSV_COLUMNS } from "@/server/charges/due-date/batch-csv";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dueDateUpload");
  return { title: t("title") };
}

/** The CSV of due-date charges: what the file holds (with an example to download), the upload, each row's result. */
export default async function DueDateUploadPage() {
  await requirePermission("charges.write");
  const t = await getTranslations("dueDateUpload");
  const example = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_EXAMPLE)}`;
  return (
    <div className="space-y-6 sm:space-y-8">
      <BackButtonLink href="/charges/due-date">{t("back")}</BackButtonLink>
      <PageHeader title={t("title")} description={t("description")} />
      <DueDateUpload />
      <Card>
        <CardHeader>
          <CardTitle>{t("columns.title")}</CardTitle>
          <CardDescription>{t("columns.body")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="divide-y divide-slate-100 text-sm" data-testid="due-date-upload-columns">
            {CSV_COLUMNS.map((column) => (
              <div key={column} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
                <dt className="font-mono text-slate-900">
                  {column}{" "}
                  <span className="font-sans text-xs text-slate-500">
                    ({t(REQUIRED_CSV_COLUMNS.includes(column) ? "columns.required" : "columns.optional")})
                  </span>
                </dt>
                <dd className="text-slate-600">{t(`columns.${column}`)}</dd>
              </div>
            ))}
          </dl>
          <a
            href={example}
            download="cobrancas-com-vencimento.csv"
            className="inline-flex text-sm font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-800"
            data-testid="due-date-upload-example"
          >
            {t("columns.download")}
          </a>
        </CardContent>
      </Card>
    </div>
  );
}
