"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useTRPC } from "@/components/providers/trpc-provider";
import { useStepUp } from "@/components/security/step-up";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { SecretDialog, SecretPanel } from "@/components/ui/secret-panel";
import type { ApiKeyView } from "@/server/trpc/routers/api-keys";
import { KeyForm, type KeyFormValues } from "./key-form";

/** Fetches the key list again once a key was created, changed or revoked (before the dialog closes). */
function useKeyListRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
}

export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("apiKeys.createDialog");
  const trpc = useTRPC();
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: useKeyListRefresh() }));
  const [created, setCreated] = useState<{ clientId: string; clientSecret: string; name: string } | null>(null);
  const stepUp = useStepUp();

  function close() {
    setCreated(null);
    create.reset();
    onClose();
  }

  function submit(values: KeyFormValues, onError: (cause: unknown) => void) {
    stepUp.run(
      (onRefused) =>
        create.mutate(
          {
            name: values.name,
            scopes: values.scopes,
            ipWhitelist: values.ipWhitelist,
            expiresAt: values.expiresAt ?? null,
          },
          {
            onSuccess: (result) =>
              setCreated({ clientId: result.clientId, clientSecret: result.clientSecret, name: result.key.name }),
            onError: onRefused,
          },
        ),
      onError,
    );
  }

  return (
    <SecretDialog
      open={open}
      onClose={close}
      secretShown={created !== null}
      title={created ? t("createdTitle") : t("title")}
      description={t("description")}
      testId="create-key-dialog"
    >
      {created ? (
        <KeySecretPanel {...created} onDone={close} />
      ) : (
        <KeyForm pending={create.isPending} onSubmit={submit} onCancel={close} />
      )}
    </SecretDialog>
  );
}

function KeySecretPanel({
  clientId,
  clientSecret,
  name,
  onDone,
}: {
  clientId: string;
  clientSecret: string;
  name: string;
  onDone: () => void;
}) {
  const t = useTranslations("apiKeys.secret");
  return (
    <SecretPanel
      warningTitle={t("warningTitle")}
      warningBody={t("warningBody")}
      intro={t("intro", { name })}
      fields={[
        { label: t("clientId"), value: clientId, testId: "secret-client-id" },
        { label: t("clientSecret"), value: clientSecret, testId: "secret-client-secret" },
      ]}
      copyLabel={(label) => t("copy", { label })}
      copyShort={t("copyShort")}
      doneLabel={t("done")}
      onDone={onDone}
    />
  );
}

export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const t = useTranslations("apiKeys.editDialog");
  const trpc = useTRPC();
  const update = useMutation(trpc.apiKeys.update.mutationOptions({ onSuccess: useKeyListRefresh() }));

  function close() {
    update.reset();
    onClose();
  }

  function submit(values: KeyFormValues, onError: (cause: unknown) => void) {
    if (!apiKey) return;
    update.mutate(
      {
        clientId: apiKey.clientId,
        name: values.name,
        scopes: values.scopes,
        ipWhitelist: values.ipWhitelist,
        ...(values.expiresAt !== undefined ? { expiresAt: values.expiresAt } : {}),
      },
      {
        onSuccess: close,
        onError,
      },
    );
  }

  return (
    <Dialog
      open={apiKey !== null}
      onClose={close}
      title={t("title", { name: apiKey?.name ?? "" })}
      description={t("description")}
      size="lg"
      testId="edit-key-dialog"
    >
      {apiKey ? <KeyForm apiKey={apiKey} pending={update.isPending} onSubmit={submit} onCancel={close} /> : null}
    </Dialog>
  );
}

export function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const t = useTranslations("apiKeys.revokeDialog");
  const trpc = useTRPC();
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: useKeyListRefresh() }));

  function close() {
    revoke.reset();
    onClose();
  }

  function confirm() {
    if (!apiKey) return;
    revoke.mutate(
      { clientId: apiKey.clientId },
      {
        onSuccess: close,
      },
    );
  }

  return (
    <ConfirmDialog
      open={apiKey !== null}
      onClose={close}
      onConfirm={confirm}
      title={t("title")}
      confirmLabel={t("confirm")}
      mutation={revoke}
      testId="revoke-key"
    >
      {apiKey ? (
        <>
          <p className="text-sm text-slate-700">{t("body", { name: apiKey.name })}</p>
          <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700">
            {apiKey.clientId}
          </p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
