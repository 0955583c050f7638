-- CreateEnum
CREATE TYPE "StatementStatus" AS ENUM ('new', 'processing', 'done', 'failed');

-- CreateEnum
CREATE TYPE "StatementFormat" AS ENUM ('pdf', 'csv');

-- CreateTable
CREATE TABLE "statements" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "requested_by" TEXT NOT NULL,
    "format" "StatementFormat" NOT NULL,
    "status" "StatementStatus" NOT NULL DEFAULT 'new',
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "options" JSONB NOT NULL,
    "report_id" TEXT,
    "report_path" TEXT,
    "size_bytes" BIGINT,
    "error_code" TEXT,
    "error_message" TEXT,
    "rows_written" INTEGER NOT NULL DEFAULT 0,
    "rows_total" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "stored_file_chunks" (
    "key" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "stored_file_chunks_pkey" PRIMARY KEY ("key","seq")
);

-- CreateIndex
CREATE INDEX "statements_user_id_created_at_idx" ON "statements"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "statements_status_lease_until_idx" ON "statements"("status", "lease_until");

-- AddForeignKey
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_fkey" FOREIGN KEY ("key") REFERENCES "stored_files"("key") ON DELETE CASCADE ON UPDATE CASCADE;

