"use server";

import { redirect } from "next/navigation";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { resetPassword } from "@/server/users/password-reset";
import { MIN_PASSWORD_LENGTH } from "@/server/users/service";

/** Sets the new password from the e-mail's link (a POST: link scanners that only GET change nothing). */
export async function chooseNewPassword(formData: FormData): Promise<void> {
  const token = String(formData.get("token") ?? "");
  const password = String(formData.get("newPassword") ?? "");
  const again = `/reset-password?token=${encodeURIComponent(token)}`;
  if (password !== String(formData.get("confirmPassword") ?? "")) redirect(`${again}&error=mismatch`);
  if (password.length < MIN_PASSWORD_LENGTH) redirect(`${again}&error=tooShort`);
  let result: string;
  try {
    result = await resetPassword(db(), token, password);
  } catch (error) {
    if (error instanceof AppError) redirect(`${again}&error=tooShort`);
    throw error;
  }
  redirect(`/reset-password?result=${result}`);
}
