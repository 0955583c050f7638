"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { resolveLocale } from "@/i18n/config";
import { loginClientAddress } from "@/server/auth/next-auth";
import { db } from "@/server/db/client";
import { requestPasswordReset } from "@/server/users/password-reset";

/** "Esqueci minha senha": the same answer whether or not the e-mail has an account. */
export async function askForReset(formData: FormData): Promise<void> {
  const email = String(formData.get("email") ?? "");
  const address = loginClientAddress(Object.fromEntries((await headers()).entries()));
  await requestPasswordReset(db(), email, resolveLocale(await getLocale()), address);
  redirect("/forgot-password?sent=1");
}
