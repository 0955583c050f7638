"use client";

import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/ui/page-header";
import { AccountConfigs } from "./account-configs";
import { ApiPixWebhooks } from "./api-pix-webhooks";
import { GatewayWebhooks } from "./gateway-webhooks";

/** The webhooks page: the gateway surface's registrations, the account surface's configurations, the API Pix's. */
export function WebhooksManager() {
  const section = useTranslations("sections.webhooks");
  return (
    <div className="space-y-8 sm:space-y-10">
      <PageHeader title={section("title")} description={section("description")} />
      <GatewayWebhooks />
      <div className="border-t border-slate-200" />
      <AccountConfigs />
      <div className="border-t border-slate-200" />
      <ApiPixWebhooks />
    </div>
  );
}
