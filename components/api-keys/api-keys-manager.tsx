"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CollectionStates } from "@/components/lists/resource-list";
import { useTRPC } from "@/components/providers/trpc-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon } from "@/components/ui/icons";
import { LoadingState } from "@/components/ui/list-states";
import { PageHeader } from "@/components/ui/page-header";
import { Placeholders, Skeleton, SkeletonText } from "@/components/ui/skeleton";
import { useToggleSet } from "@/components/ui/toggle-set";
import type { ApiKeyView } from "@/server/trpc/routers/api-keys";
import { CreateKeyDialog, EditKeyDialog, RevokeKeyDialog } from "./key-dialogs";
import type { ListProps } from "./key-list-parts";
import { KeyCards, KeyTable } from "./key-rows";

/** The API keys page: the table of keys, and creating, editing and revoking them in dialogs. */
export function ApiKeysManager() {
  const t = useTranslations("apiKeys");
  const section = useTranslations("sections.apiKeys");
  const trpc = useTRPC();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader
        title={section("title")}
        description={section("description")}
        actions={
          <Button onClick={() => setCreating(true)} data-testid="create-key">
            <PlusIcon className="size-4" />
            {t("create")}
          </Button>
        }
      />

      <CollectionStates
        testId="keys"
        query={keys}
        messages={t}
        icon={KeyIcon}
        skeleton={<KeysSkeleton />}
        isEmpty={(data) => data.keys.length === 0}
        empty={
          <EmptyState
            icon={KeyIcon}
            title={t("empty.title")}
            description={t("empty.body")}
            action={
              <Button onClick={() => setCreating(true)}>
                <PlusIcon className="size-4" />
                {t("create")}
              </Button>
            }
          />
        }
      >
        {(data) => <KeyList keys={data.keys} onEdit={setEditing} onRevoke={setRevoking} />}
      </CollectionStates>

      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function KeyList(props: ListProps) {
  const [expanded, toggle] = useToggleSet();
  return (
    <>
      <KeyTable {...props} expanded={expanded} onToggle={toggle} />
      <KeyCards {...props} expanded={expanded} onToggle={toggle} />
    </>
  );
}

function KeysSkeleton() {
  const t = useTranslations("apiKeys");
  return (
    <LoadingState label={t("loading")} testId="keys-loading">
      <Card className="divide-y divide-slate-100 overflow-hidden">
        <Placeholders count={3}>
          <div className="flex items-center gap-4 px-4 py-4">
            <SkeletonText title="w-40" detail="w-56" className="flex-1" />
            <Skeleton rounded="full" className="h-5 w-16" />
            <Skeleton className="h-4 w-20" />
          </div>
        </Placeholders>
      </Card>
    </LoadingState>
  );
}
