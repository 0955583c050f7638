-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN     "effect" JSONB,
ADD COLUMN     "lease_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "lease_token" UUID;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "session_version" INTEGER NOT NULL DEFAULT 0;

