-- CreateEnum
CREATE TYPE "OnboardingStatus" AS ENUM ('PENDING_EMAIL_VERIFICATION', 'PENDING_DOCUMENTS', 'UNDER_REVIEW', 'APPROVED', 'REJECTED');

-- AlterEnum
ALTER TYPE "UserRole" ADD VALUE 'CUSTOMER';

-- CreateTable
CREATE TABLE "onboarding_proposals" (
    "user_id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "status" "OnboardingStatus" NOT NULL DEFAULT 'PENDING_EMAIL_VERIFICATION',
    "person_type" "PersonType" NOT NULL,
    "name" TEXT NOT NULL,
    "document" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "birth_date" TEXT,
    "address" JSONB,
    "locale" TEXT NOT NULL DEFAULT 'pt-BR',
    "email_verified_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" TEXT,
    "rejection_reason" TEXT,
    "account_id" VARCHAR(12),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "onboarding_proposals_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "onboarding_files" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "document_type" TEXT NOT NULL,
    "side" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "uploaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "onboarding_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_verification_tokens" (
    "id" UUID NOT NULL,
    "proposal_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "invalidated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sent_emails" (
    "id" UUID NOT NULL,
    "owner_id" UUID,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "links" TEXT[],
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sent_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "onboarding_proposals_owner_id_created_at_idx" ON "onboarding_proposals"("owner_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "onboarding_proposals_status_created_at_idx" ON "onboarding_proposals"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "onboarding_files_proposal_id_document_type_side_key" ON "onboarding_files"("proposal_id", "document_type", "side");

-- CreateIndex
CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_verification_tokens_proposal_id_idx" ON "email_verification_tokens"("proposal_id");

-- CreateIndex
CREATE INDEX "sent_emails_owner_id_to_sent_at_idx" ON "sent_emails"("owner_id", "to", "sent_at" DESC);

-- AddForeignKey
ALTER TABLE "onboarding_files" ADD CONSTRAINT "onboarding_files_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "onboarding_proposals"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "onboarding_proposals"("user_id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- One open proposal per document and programme owner (a duplicate is a 409).
CREATE UNIQUE INDEX "onboarding_proposals_open_document_key" ON "onboarding_proposals"("owner_id", "document")
  WHERE "status" NOT IN ('APPROVED', 'REJECTED');
