-- PIX limits (issue 45 item 2, docs/decisions/0059-pix-limits.md): every change of an account's
-- limits, kept as history. Defaults live in the settings; a row exists only once a limit changed.
CREATE TYPE "PixLimitKind" AS ENUM ('per_transaction', 'daily', 'monthly', 'nightly_per_transaction', 'nightly');
CREATE TYPE "PixLimitChangeStatus" AS ENUM ('applied', 'scheduled', 'pending', 'approved', 'refused', 'cancelled');

CREATE TABLE "pix_limit_changes" (
    "id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "kind" "PixLimitKind" NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "previous_cents" BIGINT NOT NULL,
    "status" "PixLimitChangeStatus" NOT NULL,
    "requested_by" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "effective_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    CONSTRAINT "pix_limit_changes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pix_limit_changes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "pix_limit_changes_amount_check" CHECK ("amount_cents" >= 0 AND "previous_cents" >= 0)
);
CREATE INDEX "pix_limit_changes_account_id_kind_effective_at_idx" ON "pix_limit_changes"("account_id", "kind", "effective_at" DESC);
CREATE INDEX "pix_limit_changes_status_requested_at_idx" ON "pix_limit_changes"("status", "requested_at");
