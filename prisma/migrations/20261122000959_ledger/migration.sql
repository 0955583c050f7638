-- CreateEnum
CREATE TYPE "EntryType" AS ENUM ('debit', 'credit');

-- CreateEnum
CREATE TYPE "EntryStatus" AS ENUM ('processing', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "PixKeyType" AS ENUM ('EVP', 'CPF', 'CNPJ', 'EMAIL', 'PHONE');

-- CreateTable
CREATE TABLE "ledger_entries" (
    "seq" BIGSERIAL NOT NULL,
    "id" TEXT NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "user_id" UUID NOT NULL,
    "type" "EntryType" NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "EntryStatus" NOT NULL,
    "gross_cents" BIGINT NOT NULL,
    "fee_cents" BIGINT NOT NULL,
    "net_cents" BIGINT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "end_to_end_id" TEXT,
    "parent_end_to_end_id" TEXT,
    "entry_ref" TEXT,
    "external_id" TEXT,
    "outgoing_external_id" TEXT,
    "request_id" TEXT,
    "pix_key" TEXT,
    "payer" JSONB,
    "receiver" JSONB,
    "obs" TEXT,
    "description" TEXT,
    "metadata" JSONB,
    "error_message" TEXT,
    "refunded_end_to_end_id" TEXT,
    "counterpart_entry_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "ledger_postings" (
    "id" BIGSERIAL NOT NULL,
    "transaction_id" UUID NOT NULL,
    "entry_seq" BIGINT NOT NULL,
    "account_id" VARCHAR(12),
    "bucket" TEXT NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ledger_postings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "entry_events" (
    "id" BIGSERIAL NOT NULL,
    "entry_seq" BIGINT NOT NULL,
    "status" "EntryStatus" NOT NULL,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "entry_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" UUID NOT NULL,
    "topic" TEXT NOT NULL,
    "account_id" VARCHAR(12),
    "user_id" UUID,
    "entry_id" TEXT,
    "payload" JSONB NOT NULL,
    "available_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pix_keys" (
    "id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "type" "PixKeyType" NOT NULL,
    "key" TEXT NOT NULL,
    "is_current" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pix_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_idempotency_key_key" ON "ledger_entries"("idempotency_key");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_created_at_idx" ON "ledger_entries"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "ledger_entries_end_to_end_id_idx" ON "ledger_entries"("end_to_end_id");

-- CreateIndex
CREATE INDEX "ledger_entries_account_id_external_id_idx" ON "ledger_entries"("account_id", "external_id");

-- CreateIndex
CREATE INDEX "ledger_entries_entry_ref_idx" ON "ledger_entries"("entry_ref");

-- CreateIndex
CREATE INDEX "ledger_entries_parent_end_to_end_id_idx" ON "ledger_entries"("parent_end_to_end_id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_account_id_id_key" ON "ledger_entries"("account_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_account_id_outgoing_external_id_key" ON "ledger_entries"("account_id", "outgoing_external_id");

-- CreateIndex
CREATE INDEX "ledger_postings_transaction_id_idx" ON "ledger_postings"("transaction_id");

-- CreateIndex
CREATE INDEX "ledger_postings_account_id_bucket_idx" ON "ledger_postings"("account_id", "bucket");

-- CreateIndex
CREATE INDEX "ledger_postings_entry_seq_idx" ON "ledger_postings"("entry_seq");

-- CreateIndex
CREATE INDEX "entry_events_entry_seq_idx" ON "entry_events"("entry_seq");

-- CreateIndex
CREATE INDEX "outbox_events_published_at_available_at_idx" ON "outbox_events"("published_at", "available_at");

-- CreateIndex
CREATE INDEX "outbox_events_entry_id_idx" ON "outbox_events"("entry_id");

-- CreateIndex
CREATE UNIQUE INDEX "pix_keys_key_key" ON "pix_keys"("key");

-- CreateIndex
CREATE INDEX "pix_keys_account_id_idx" ON "pix_keys"("account_id");

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_seq_fkey" FOREIGN KEY ("entry_seq") REFERENCES "ledger_entries"("seq") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "entry_events" ADD CONSTRAINT "entry_events_entry_seq_fkey" FOREIGN KEY ("entry_seq") REFERENCES "ledger_entries"("seq") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pix_keys" ADD CONSTRAINT "pix_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The last guard of the ledger's invariants (the services check first, under row locks).
-- A trigger rather than CHECK constraints: Prisma 6.19's WASM schema engine cannot diff CHECKs.
CREATE FUNCTION "accounts_balances_nonnegative"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.available_cents < 0 OR NEW.held_cents < 0 OR NEW.blocked_cents < 0 THEN
    RAISE EXCEPTION 'account % balance would go negative', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "accounts_balances_nonnegative" BEFORE INSERT OR UPDATE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "accounts_balances_nonnegative"();
