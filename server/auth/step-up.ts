/**
 * Step-up (decision 0044): sensitive actions ask for the second factor again (the password for a
 * user without one) when the session's last check is older than STEP_UP_WINDOW_SECONDS. The door
 * refuses with STEP_UP_REQUIRED (tRPC PRECONDITION_FAILED); the dashboard asks, signs in again
 * through the "second-factor" provider (server/auth/second-step.ts) and retries.
 */
import { config } from "../config";
import { AppError } from "../errors";
import { stepUpSatisfied } from "../second-factor/policy";
import type { SessionUser } from "./next-auth";

export function requireStepUp(user: SessionUser, now = Date.now()): void {
  const factor = user.secondFactor;
  const satisfied =
    factor !== undefined &&
    stepUpSatisfied(
      { at: factor.checkedAt, method: factor.checkedWith },
      factor.enrolled,
      config().STEP_UP_WINDOW_SECONDS,
      now,
    );
  if (!satisfied) {
    throw new AppError("STEP_UP_REQUIRED", "confirm it is you: the last check is too old");
  }
}

/** Sending money: only above STEP_UP_AMOUNT_CENTS. */
export function requireStepUpAbove(user: SessionUser, amountCents: bigint | null): void {
  if (amountCents !== null && amountCents > config().STEP_UP_AMOUNT_CENTS) requireStepUp(user);
}
