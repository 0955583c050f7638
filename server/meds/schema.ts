/** Field schemas of MEDs (interface 2.6, 4.4), shared by the REST doors and, later, the dashboard. */
import { z } from "zod";
import { text } from "../fields/text";

export const MED_STATUSES = ["under_analysis", "accepted", "rejected"] as const;
export const MedStatusField = z.enum(MED_STATUSES).describe("under_analysis, accepted (refunded) or rejected (kept).");
export const MED_RESOLUTIONS = ["accepted", "rejected"] as const;
export const MedResolution = z.enum(MED_RESOLUTIONS);

export const MAX_DEFENSE_FILES = 10;
export const DefenseFileUrl = text({ min: 1, max: 2048 })
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an https URL")
  .describe("An https link to a proof file.");

export const DefenseRequest = z.object({
  description: text({ min: 1, max: 5000 }).describe("1-5000 characters."),
  files: z.array(DefenseFileUrl).max(MAX_DEFENSE_FILES, `at most ${MAX_DEFENSE_FILES} files`).optional(),
});

export const MedDetails = text({ max: 2000 }).describe("What the creating institution reports.");

/** The administrator's considerations, stored as the MED's `legalAnalysis` (interface 2.6). */
export const LegalConsiderations = text({ min: 1, max: 5000, trim: true }).describe("1-5000 characters.");

/** Admin queue filters: deadline windows the back office offers. */
export const DEADLINE_WINDOWS = ["expired", "within2d", "within7d"] as const;
export const DeadlineWindow = z.enum(DEADLINE_WINDOWS);
export const MerchantSearch = text({ max: 200, trim: true });
