import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PrintButton } from "@/components/reconciliation/print-button";
import { ReceiptView } from "@/components/reconciliation/receipt-view";
import { BackLink } from "@/components/ui/detail-list";
import { EmptyState } from "@/components/ui/empty-state";
import { FileTextIcon } from "@/components/ui/icons";
import { requirePermission } from "@/server/auth/tenant";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { AccountId, EntryId } from "@/server/fields/ids";
import { type Receipt, receiptOf } from "@/server/receipts/service";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("reconciliation.receipt");
  return { title: t("metaTitle") };
}

/** The receipt, or why there is none: not the user's PIX (404) or not settled (409). */
async function load(userId: string, rawId: string, rawAccount: unknown): Promise<Receipt | "notFound" | "notSettled"> {
  const id = EntryId.safeParse(decodeURIComponent(rawId));
  const account = rawAccount === undefined ? undefined : AccountId.safeParse(rawAccount);
  if (!id.success || account?.success === false) return "notFound";
  try {
    return await receiptOf(db(), userId, id.data, account?.data);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return "notFound";
    if (error instanceof AppError && error.reason === "RECEIPT_NOT_SETTLED") return "notSettled";
    throw error;
  }
}

export default async function ReceiptPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { tenantId } = await requirePermission("ledger.read");
  const t = await getTranslations("reconciliation.receipt");
  const { id } = await params;
  const { account } = await searchParams;
  const receipt = await load(tenantId, id, account);
  const detail = `/ledger/${encodeURIComponent(decodeURIComponent(id))}${typeof account === "string" ? `?account=${encodeURIComponent(account)}` : ""}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink href={detail}>{t("back")}</BackLink>
        {typeof receipt === "object" ? <PrintButton /> : null}
      </div>
      {typeof receipt === "object" ? (
        <ReceiptView receipt={receipt} />
      ) : (
        <EmptyState icon={FileTextIcon} title={t(`${receipt}.title`)} description={t(`${receipt}.body`)} />
      )}
    </div>
  );
}
