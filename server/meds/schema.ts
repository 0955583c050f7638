/** Field schemas of MEDs (interface 2.6, 4.4), shared by the REST doors and, later, the dashboard. */
import { z } from "zod";
import { EndToEndId } from "../fields/ids";
import { fromQuery, Page, PageSize } from "../fields/paging";
import { text } from "../fields/text";
import { EpochMs } from "../ledger/schema";

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
  .describe("An https link to a proof file.")
  .meta({ example: "https://files.example.invalid/proofs/delivery-receipt.pdf" });

export const MAX_DEFENSE_DESCRIPTION = 5000;
export const DefenseDescription = text({ min: 1, max: MAX_DEFENSE_DESCRIPTION })
  .describe(`1-${MAX_DEFENSE_DESCRIPTION} characters.`)
  .meta({ example: "The goods were delivered on 2026-11-02; the signed delivery receipt is attached." });

export const DefenseRequest = z.object({
  description: DefenseDescription,
  files: z.array(DefenseFileUrl).max(MAX_DEFENSE_FILES, `at most ${MAX_DEFENSE_FILES} files`).optional(),
});

export const MedDetails = text({ max: 2000 })
  .describe("What the creating institution reports.")
  .meta({ example: "The payer reports a purchase that never arrived." });

/** The administrator's considerations, stored as the MED's `legalAnalysis` (interface 2.6). */
export const MAX_LEGAL_CONSIDERATIONS = 5000;
export const LegalConsiderations = text({ min: 1, max: MAX_LEGAL_CONSIDERATIONS, trim: true }).describe(
  `1-${MAX_LEGAL_CONSIDERATIONS} characters.`,
);

/** Admin queue filters: deadline windows the back office offers. */
export const DEADLINE_WINDOWS = ["expired", "within2d", "within7d"] as const;
export const DeadlineWindow = z.enum(DEADLINE_WINDOWS);
export const MerchantSearch = text({ max: 200, trim: true });

/** Evidence the merchant uploads in the dashboard (server/meds/evidence.ts). */
export const MAX_EVIDENCE_FILES = MAX_DEFENSE_FILES;
export const EvidenceFileName = text({ min: 1, max: 200, trim: true }).describe(
  "The file's name as the merchant knows it.",
);

/** The dashboard's MED list (server/trpc/routers/meds.ts): the filters of GET /v4/i/meds. */
export const MedListQuery = z.object({
  status: MedStatusField.optional(),
  startDate: EpochMs.optional(),
  endDate: EpochMs.optional(),
  page: Page.default(1),
  limit: PageSize.default(20),
});

/** The MEDs list's filter without its paging, read from a query string: what the CSV export takes. */
export const MedExportQuery = z.object({
  status: MedStatusField.optional(),
  startDate: fromQuery(EpochMs).optional(),
  endDate: fromQuery(EpochMs).optional(),
});

/** The dashboard's defense: the text; the files are the evidence uploaded for the MED. */
export const DashboardDefense = z.object({ endToEndId: EndToEndId, description: DefenseDescription });

/** Sandbox: another institution opens a MED on a PIX the caller received. */
export const SandboxMedOpen = z.object({ endToEndId: EndToEndId, details: MedDetails.optional() });
