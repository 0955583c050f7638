"use client";

import { useTranslations } from "next-intl";
import { FileTextIcon } from "@/components/ui/icons";
import type { AdminMedDetail } from "@/server/trpc/routers/admin-meds";

type Evidence = NonNullable<AdminMedDetail["defense"]>["files"][number];

/**
 * The defense's files: those the platform stores are previewed in the page (the browser loads them
 * from our own evidence route); any other URL is only a link, never fetched by us or embedded.
 */
export function EvidenceList({ files }: { files: Evidence[] }) {
  const t = useTranslations("adminMeds.detail");
  if (files.length === 0) return <p className="text-sm text-slate-500">{t("noFiles")}</p>;
  return (
    <ul className="space-y-4" data-testid="med-evidence">
      {files.map((file, index) => (
        <li key={file.url} className="space-y-2">
          <a
            href={file.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-emerald-800 hover:underline"
            data-testid={`evidence-${file.kind}`}
          >
            <FileTextIcon className="size-4 shrink-0" />
            <span className="truncate" data-testid="evidence-name">
              {file.fileName ?? t("file", { n: index + 1 })}
            </span>
            {file.kind === "link" ? <span className="text-xs font-normal text-slate-500">{t("external")}</span> : null}
          </a>
          {file.kind === "link" ? (
            <p className="font-mono text-xs break-all text-slate-500">{file.url}</p>
          ) : file.kind === "image" ? (
            // biome-ignore lint/performance/noImgElement: a stored evidence file, not a static asset
            <img
              src={file.url}
              alt={file.fileName ?? t("file", { n: index + 1 })}
              className="max-h-[32rem] rounded-lg border border-slate-200 bg-slate-50 object-contain"
            />
          ) : (
            // The page's CSP allows frames of our own origin only (frame-src 'self'); evidence is served inline.
            <iframe
              src={file.url}
              title={file.fileName ?? t("file", { n: index + 1 })}
              className="h-[32rem] w-full rounded-lg border border-slate-200 bg-slate-50"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
