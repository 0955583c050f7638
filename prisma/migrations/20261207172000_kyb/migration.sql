-- KYB of company proposals (server/kyb, docs/decisions/0060-kyb-screening.md): the company's
-- registration data and partners, the screening lists the operator loads, and each screening.
CREATE TABLE "kyb_companies" (
    "proposal_id" UUID NOT NULL,
    "cnpj" TEXT NOT NULL,
    "legal_name" TEXT NOT NULL,
    "trade_name" TEXT,
    "cnae" TEXT NOT NULL,
    "opened_on" TEXT NOT NULL,
    "legal_nature" TEXT NOT NULL,
    "address" JSONB NOT NULL,
    "registration_status" TEXT NOT NULL,
    "flagged_at" TIMESTAMPTZ(3),
    "flag_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "kyb_companies_pkey" PRIMARY KEY ("proposal_id")
);
CREATE INDEX "kyb_companies_flagged_at_idx" ON "kyb_companies"("flagged_at");
ALTER TABLE "kyb_companies" ADD CONSTRAINT "kyb_companies_proposal_id_fkey"
    FOREIGN KEY ("proposal_id") REFERENCES "onboarding_proposals"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "kyb_partners" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "cpf" TEXT NOT NULL,
    "qualification" TEXT NOT NULL,
    "share_bp" INTEGER,
    CONSTRAINT "kyb_partners_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "kyb_partners_proposal_id_idx" ON "kyb_partners"("proposal_id");
ALTER TABLE "kyb_partners" ADD CONSTRAINT "kyb_partners_proposal_id_fkey"
    FOREIGN KEY ("proposal_id") REFERENCES "kyb_companies"("proposal_id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "kyb_lists" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "row_count" INTEGER NOT NULL,
    "loaded_by" TEXT NOT NULL,
    "loaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "kyb_lists_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "kyb_lists_kind_version_key" ON "kyb_lists"("kind", "version");

CREATE TABLE "kyb_list_entries" (
    "id" BIGSERIAL NOT NULL,
    "list_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "document" TEXT,
    "cpf_middle" TEXT,
    "details" JSONB NOT NULL,
    CONSTRAINT "kyb_list_entries_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "kyb_list_entries_list_id_name_key_idx" ON "kyb_list_entries"("list_id", "name_key");
CREATE INDEX "kyb_list_entries_list_id_document_idx" ON "kyb_list_entries"("list_id", "document");
ALTER TABLE "kyb_list_entries" ADD CONSTRAINT "kyb_list_entries_list_id_fkey"
    FOREIGN KEY ("list_id") REFERENCES "kyb_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "kyb_screenings" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "trigger" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "recommendation" TEXT NOT NULL,
    "reasons" JSONB NOT NULL,
    "hits" JSONB NOT NULL,
    "list_versions" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "kyb_screenings_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "kyb_screenings_proposal_id_created_at_idx" ON "kyb_screenings"("proposal_id", "created_at" DESC);
ALTER TABLE "kyb_screenings" ADD CONSTRAINT "kyb_screenings_proposal_id_fkey"
    FOREIGN KEY ("proposal_id") REFERENCES "kyb_companies"("proposal_id") ON DELETE CASCADE ON UPDATE CASCADE;
