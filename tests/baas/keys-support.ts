/**
 * What the BaaS PIX key tests share: the /v4/i app and a refusal reader. Apart from support.ts,
 * which Playwright specs import too: the app's modules belong in test processes only.
 */
import { accountApi } from "../../server/account-api/app";
import { AppError } from "../../server/errors";
import type { programmeOwner } from "./support";

/** The /v4/i app the BaaS key tests call, and where an account's PIX keys live on it. */
export const app = () => accountApi();
export const keysPath = (accountId: string) => `/v4/i/baas/accounts/${accountId}/pix-keys`;

export type Owner = Awaited<ReturnType<typeof programmeOwner>>;

/** The AppError a call is refused with (the test fails if it succeeds or throws anything else). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}
