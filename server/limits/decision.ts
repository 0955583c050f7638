/** The back office's decision on a raise waiting for an operator: its fields, shared with the form. */
import { z } from "zod";
import { Uuid } from "../fields/ids";
import { text } from "../fields/text";

export const MAX_REFUSAL_REASON = 500;

/** Why an operator refuses a raise: kept in the audit log. */
export const RaiseRefusalReason = text({ min: 3, max: MAX_REFUSAL_REASON, trim: true }).describe(
  `3-${MAX_REFUSAL_REASON} characters, kept in the audit log.`,
);

export const RaiseApproval = z.object({ id: Uuid });
export const RaiseRefusal = z.object({ id: Uuid, reason: RaiseRefusalReason });
