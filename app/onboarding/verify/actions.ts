"use server";

import { redirect } from "next/navigation";
import { db } from "@/server/db/client";
import { verifyEmail } from "@/server/onboarding/service";

/** The customer confirms (a POST, so link scanners that only GET the page confirm nothing). */
export async function confirmEmail(formData: FormData): Promise<void> {
  const token = String(formData.get("token") ?? "");
  const lang = String(formData.get("lang") ?? "");
  const result = await verifyEmail(db(), token);
  redirect(`/onboarding/verify?result=${result}${lang ? `&lang=${encodeURIComponent(lang)}` : ""}`);
}
