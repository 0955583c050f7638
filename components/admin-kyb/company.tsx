"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useCalendarDate, useDateTime } from "@/components/format/date-time";
import { formatDocument } from "@/components/forms/document";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DetailRow } from "@/components/ui/detail-list";
import { PanelStates } from "@/components/ui/list-states";
import type { CompanyReview } from "@/server/kyb/view";
import { KybScoreBadge } from "./score";

type Hit = CompanyReview["companyHits"][number];
type Versions = { pep: number | null; sanctions: number | null };

/**
 * The KYB of a company proposal for its reviewer: the CNPJ registration, the partners (CPF masked)
 * with their hits, and the latest screening's score, reasons and list versions. Nothing for a
 * proposal without registration data (a person's).
 */
export function CompanyKyb({ userId }: { userId: string }) {
  const t = useTranslations("adminOnboarding.kyb.company");
  const trpc = useTRPC();
  const query = useQuery(trpc.kyb.company.queryOptions({ userId }));
  return (
    <PanelStates query={query} messages={t} testId="kyb-company">
      {({ company }) => (company ? <Loaded company={company} /> : null)}
    </PanelStates>
  );
}

function Loaded({ company }: { company: CompanyReview }) {
  const t = useTranslations("adminOnboarding.kyb.company");
  const dateTime = useDateTime();
  const calendarDate = useCalendarDate();
  const screening = company.screening;
  const versions = screening?.listVersions ?? { pep: null, sanctions: null };
  return (
    <Card data-testid="kyb-company" aria-labelledby="kyb-company-title">
      <CardHeader>
        <CardTitle id="kyb-company-title">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {company.flaggedAt ? (
          <Alert tone="warning" role="status" data-testid="kyb-company-flag">
            {t("flagged", { date: dateTime(company.flaggedAt), reason: company.flagReason ?? "" })}
          </Alert>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="kyb-registration">
            <h3 id="kyb-registration" className="mb-2 text-sm font-semibold text-slate-900">
              {t("registration")}
            </h3>
            <dl className="divide-y divide-slate-100 text-sm" data-testid="kyb-registration">
              <DetailRow label={t("fields.cnpj")}>
                <span className="font-mono">{formatDocument(company.cnpj)}</span>
              </DetailRow>
              <DetailRow label={t("fields.legalName")}>{company.legalName}</DetailRow>
              <DetailRow label={t("fields.tradeName")}>{company.tradeName ?? "—"}</DetailRow>
              <DetailRow label={t("fields.cnae")}>
                <span className="font-mono">{company.cnae}</span>
              </DetailRow>
              <DetailRow label={t("fields.openedOn")}>
                <span className="tabular-nums">{calendarDate(company.openedOn)}</span>
              </DetailRow>
              <DetailRow label={t("fields.legalNature")}>{company.legalNature}</DetailRow>
              <DetailRow label={t("fields.registrationStatus")}>{company.registrationStatus}</DetailRow>
            </dl>
          </section>
          <Screening screening={screening} />
        </div>
        {company.companyHits.length > 0 ? (
          <section aria-labelledby="kyb-company-hits">
            <h3 id="kyb-company-hits" className="mb-2 text-sm font-semibold text-slate-900">
              {t("companyHits")}
            </h3>
            <Hits hits={company.companyHits} versions={versions} testId="kyb-company-hit" />
          </section>
        ) : null}
        <Partners partners={company.partners} versions={versions} />
      </CardContent>
    </Card>
  );
}

function Screening({ screening }: { screening: CompanyReview["screening"] }) {
  const t = useTranslations("adminOnboarding.kyb.company");
  const kinds = useTranslations("adminOnboarding.kyb.kinds");
  const reasons = useTranslations("adminOnboarding.kyb.reasons");
  const dateTime = useDateTime();
  return (
    <section aria-labelledby="kyb-screening" data-testid="kyb-screening">
      <h3 id="kyb-screening" className="mb-2 text-sm font-semibold text-slate-900">
        {t("screening")}
      </h3>
      {screening ? (
        <div className="space-y-4 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-2xl font-semibold tabular-nums text-slate-900" data-testid="kyb-score-value">
              {t("scoreOf", { score: screening.score })}
            </span>
            <KybScoreBadge kyb={{ score: screening.score, recommendation: screening.recommendation, flagged: false }} />
          </div>
          <div>
            <p className="mb-1 font-medium text-slate-700">{t("reasons")}</p>
            {screening.reasons.length === 0 ? (
              <p className="text-slate-600">{t("noReasons")}</p>
            ) : (
              <ul className="space-y-1" data-testid="kyb-reasons">
                {screening.reasons.map((reason) => (
                  <li
                    key={`${reason.code}:${reason.name ?? ""}:${reason.detail ?? ""}`}
                    className="flex items-start justify-between gap-3"
                    data-testid="kyb-reason"
                    data-code={reason.code}
                  >
                    <span>
                      {reasons(reason.code)}
                      {reason.name || reason.detail ? (
                        <span className="text-slate-600">
                          {" "}
                          — {[reason.name, reason.detail].filter(Boolean).join(" · ")}
                        </span>
                      ) : null}
                    </span>
                    <span className="shrink-0 tabular-nums text-slate-700">
                      {t("points", { points: reason.points })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p className="text-slate-600" data-testid="kyb-list-versions">
            {t("listVersions")}:{" "}
            {(["pep", "sanctions"] as const)
              .map((kind) => {
                const version = screening.listVersions[kind];
                return version === null
                  ? t("noList", { kind: kinds(kind) })
                  : t("listVersion", { kind: kinds(kind), version });
              })
              .join(" · ")}
          </p>
          <p className="text-xs text-slate-500">
            {t("screenedAt", {
              date: dateTime(screening.createdAt),
              trigger: t(`triggers.${screening.trigger as "onboarding"}`),
            })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("noScreening")}</p>
      )}
    </section>
  );
}

function Partners({ partners, versions }: { partners: CompanyReview["partners"]; versions: Versions }) {
  const t = useTranslations("adminOnboarding.kyb.company");
  const format = useFormatter();
  return (
    <section aria-labelledby="kyb-partners">
      <h3 id="kyb-partners" className="mb-2 text-sm font-semibold text-slate-900">
        {t("partners")}
      </h3>
      <ul
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
        aria-label={t("partnerCaption")}
      >
        {partners.map((partner) => (
          <li
            key={partner.id}
            className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)]"
            data-testid="kyb-partner"
            data-hits={partner.hits.length}
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900" data-testid="kyb-partner-name">
                {partner.name}
              </p>
              <p className="text-slate-600">
                <span className="sr-only">{t("cpf")}: </span>
                <span className="font-mono" data-testid="kyb-partner-cpf">
                  {partner.cpf}
                </span>
              </p>
            </div>
            <div className="text-slate-600">
              <p>{partner.qualification}</p>
              {partner.share === null ? null : (
                <p className="tabular-nums">
                  <span className="sr-only">{t("share")}: </span>
                  {format.number(partner.share / 100, { style: "percent", maximumFractionDigits: 2 })}
                </p>
              )}
            </div>
            <div>
              <span className="sr-only">{t("hits")}: </span>
              {partner.hits.length === 0 ? (
                <span className="text-slate-500">{t("noHits")}</span>
              ) : (
                <Hits hits={partner.hits} versions={versions} testId="kyb-partner-hit" />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each hit: which list (kind, its own name in the file, version) and the name as the list spells it. */
function Hits({ hits, versions, testId }: { hits: Hit[]; versions: Versions; testId: string }) {
  const t = useTranslations("adminOnboarding.kyb.company");
  const hitKinds = useTranslations("adminOnboarding.kyb.hitKinds");
  return (
    <ul className="space-y-1">
      {hits.map((hit) => {
        const version = hit.kind === "pep" ? versions.pep : versions.sanctions;
        const list = [hitKinds(hit.kind), hit.details.list ?? hit.details.function].filter(Boolean).join(" · ");
        return (
          <li key={`${hit.entryId}:${hit.document}`} data-testid={testId} data-kind={hit.kind}>
            <Badge tone={hit.kind === "sanctions" ? "danger" : "warning"}>
              {version === null
                ? t("hitNoVersion", { list, name: hit.listedName })
                : t("hit", { list, version, name: hit.listedName })}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
