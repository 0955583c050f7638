"use client";

import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CheckForm } from "./check-form";

/** The login page's second step, for a session signed in with the password only. */
export function SecondStep() {
  const t = useTranslations("security.secondStep");
  const router = useRouter();
  return (
    <div data-testid="second-step">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-1.5 text-sm text-slate-600">{t("subtitle")}</p>
      <div className="mt-8">
        <CheckForm
          submitLabel={t("submit")}
          onConfirmed={() => {
            router.replace("/");
            router.refresh();
          }}
          extra={
            <Button
              type="button"
              variant="ghost"
              className="w-full"
              onClick={() => void signOut({ callbackUrl: "/login" })}
            >
              {t("cancel")}
            </Button>
          }
        />
      </div>
    </div>
  );
}
