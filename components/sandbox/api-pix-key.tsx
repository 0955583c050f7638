"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/components/providers/trpc-provider";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * The PIX key an API Pix client puts in a cob's `chave`, so a first charge can be created at once:
 * the first EVP key of the merchant's own accounts (the CLI and the demo seed register one), else
 * their first key of any type. Nothing while loading or when they have none.
 */
export function ApiPixKey() {
  const t = useTranslations("sandbox.banner");
  const trpc = useTRPC();
  const rings = useQuery(trpc.pixKeys.accounts.queryOptions());
  const keys = (rings.data ?? []).flatMap((ring) => ring.keys.map((key) => ({ ...key, accountId: ring.accountId })));
  const chosen = keys.find((key) => key.type === "EVP") ?? keys[0];
  if (!chosen) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="sandbox-api-pix-key">
      <span>{t("apiPixKey", { account: chosen.accountId })}</span>
      <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs break-all text-slate-900">{chosen.key}</code>
      <CopyButton value={chosen.key} label={t("apiPixKeyLabel")} />
    </div>
  );
}
