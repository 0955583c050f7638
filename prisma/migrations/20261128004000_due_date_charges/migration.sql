-- Due-date charges (API Pix `cobv`, docs/decisions/0033-due-date-charges.md): a charge of the one
-- model with a kind. A cobv has a due date, a validity after it, a debtor, and valor terms (fine,
-- interest, rebate, discount) kept as the validated JSON the API Pix wrote; its payment keeps the
-- amount's components as computed for the day it was paid.
ALTER TABLE "charges"
  ADD COLUMN "kind" VARCHAR(4) NOT NULL DEFAULT 'cob',
  ADD COLUMN "due_date" DATE,
  ADD COLUMN "validity_days" INTEGER,
  ADD COLUMN "due_terms" JSONB,
  ADD COLUMN "debtor_details" JSONB,
  ADD COLUMN "paid_components" JSONB,
  ADD CONSTRAINT "charges_kind_check" CHECK ("kind" IN ('cob', 'cobv')),
  ADD CONSTRAINT "charges_cobv_terms_check" CHECK (
    "kind" = 'cob'
    OR ("due_date" IS NOT NULL AND "validity_days" IS NOT NULL AND "due_terms" IS NOT NULL
        AND "debtor_document" IS NOT NULL AND "debtor_name" IS NOT NULL)
  );

CREATE INDEX "charges_user_id_kind_due_date_idx" ON "charges" ("user_id", "kind", "due_date");
