-- Batches of due-date charges (API Pix lotecobv), docs/decisions/0034-due-date-batches.md
CREATE TABLE "due_date_batches" (
    "user_id" UUID NOT NULL,
    "id" BIGINT NOT NULL,
    "description" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "due_date_batches_pkey" PRIMARY KEY ("user_id","id")
);
CREATE INDEX "due_date_batches_user_id_created_at_idx" ON "due_date_batches"("user_id", "created_at");

CREATE TABLE "due_date_batch_items" (
    "tx_id" VARCHAR(35) NOT NULL,
    "user_id" UUID NOT NULL,
    "batch_id" BIGINT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL,
    "operation" VARCHAR(8) NOT NULL,
    "input" JSONB NOT NULL,
    "request" JSONB NOT NULL,
    "problem" JSONB,
    "charge_created_at" TIMESTAMPTZ(3),
    "submitted_at" TIMESTAMPTZ(3) NOT NULL,
    "processed_at" TIMESTAMPTZ(3),
    CONSTRAINT "due_date_batch_items_pkey" PRIMARY KEY ("tx_id")
);
CREATE INDEX "due_date_batch_items_user_id_batch_id_position_idx" ON "due_date_batch_items"("user_id", "batch_id", "position");
-- The worker's claim: the pending items, oldest submission first (only in this migration).
CREATE INDEX "due_date_batch_items_pending_idx" ON "due_date_batch_items"("submitted_at") WHERE "status" = 'EM_PROCESSAMENTO';

ALTER TABLE "due_date_batch_items" ADD CONSTRAINT "due_date_batch_items_user_id_batch_id_fkey" FOREIGN KEY ("user_id", "batch_id") REFERENCES "due_date_batches"("user_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
