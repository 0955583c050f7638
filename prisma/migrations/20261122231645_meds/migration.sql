-- CreateEnum
CREATE TYPE "MedStatus" AS ENUM ('under_analysis', 'accepted', 'rejected');

-- AlterTable
ALTER TABLE "ledger_entries" ADD COLUMN     "med_created_at" TIMESTAMPTZ(3),
ADD COLUMN     "med_id" UUID;

-- CreateTable
CREATE TABLE "meds" (
    "id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "user_id" UUID NOT NULL,
    "end_to_end_id" TEXT NOT NULL,
    "entry_seq" BIGINT NOT NULL,
    "status" "MedStatus" NOT NULL DEFAULT 'under_analysis',
    "psp_creator_name" TEXT NOT NULL,
    "details" TEXT NOT NULL,
    "disputed_cents" BIGINT NOT NULL,
    "blocked_cents" BIGINT NOT NULL,
    "defense_description" TEXT,
    "defense_files" TEXT[],
    "defense_created_at" TIMESTAMPTZ(3),
    "defense_deadline" TIMESTAMPTZ(3) NOT NULL,
    "legal_considerations" TEXT,
    "legal_created_by" TEXT,
    "legal_created_at" TIMESTAMPTZ(3),
    "refunded_end_to_end_id" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "meds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "meds_user_id_created_at_idx" ON "meds"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "meds_account_id_status_idx" ON "meds"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "meds_account_id_end_to_end_id_key" ON "meds"("account_id", "end_to_end_id");

