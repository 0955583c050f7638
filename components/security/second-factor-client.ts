"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { signIn } from "next-auth/react";
import { errorData } from "@/components/forms/service-error";
import { LOGIN_ERROR } from "@/server/auth/login-errors";

/** Which sentence of `security.secondStep` explains a refused check. */
export type CheckError = "invalid" | "rateLimited" | "generic";

/** A procedure refused because the action needs a fresh check (server/auth/step-up.ts). */
export function isStepUpRequired(error: unknown): boolean {
  return errorData(error)?.appCode === "STEP_UP_REQUIRED";
}

/**
 * Sends a check (code, password or passkey answer) to the "second-factor" provider: the session
 * cookie is replaced by a complete, freshly checked one. null when it was accepted.
 */
export async function confirmCheck(credentials: { code?: string; password?: string; passkey?: string }) {
  try {
    const result = await signIn("second-factor", { ...credentials, redirect: false });
    if (result?.ok) return null;
    if (result?.error === LOGIN_ERROR.secondFactorInvalid || result?.error === LOGIN_ERROR.invalidCredentials) {
      return "invalid" satisfies CheckError;
    }
    return result?.error === LOGIN_ERROR.rateLimited ? "rateLimited" : "generic";
  } catch {
    return "generic";
  }
}

/** Asks the browser for a passkey answer to the server's challenge, then checks it. */
export async function confirmWithPasskey(): Promise<CheckError | null> {
  const options = await fetch("/api/second-factor/passkey-options", { method: "POST" });
  if (!options.ok) return "invalid";
  try {
    const answer = await startAuthentication({ optionsJSON: await options.json() });
    return confirmCheck({ passkey: JSON.stringify(answer) });
  } catch {
    return "invalid";
  }
}
