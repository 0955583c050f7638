-- CreateEnum
CREATE TYPE "ChargeStatus" AS ENUM ('created', 'paid', 'expired', 'cancelled');

-- CreateTable
CREATE TABLE "charges" (
    "tx_id" VARCHAR(35) NOT NULL,
    "location_id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "user_id" UUID NOT NULL,
    "amount_cents" BIGINT NOT NULL,
    "description" TEXT,
    "external_id" TEXT,
    "metadata" JSONB,
    "same_document" TEXT,
    "pix_key" TEXT,
    "emv" TEXT NOT NULL,
    "status" "ChargeStatus" NOT NULL DEFAULT 'created',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "paid_at" TIMESTAMPTZ(3),
    "paid_end_to_end_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "charges_pkey" PRIMARY KEY ("tx_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "charges_location_id_key" ON "charges"("location_id");

-- CreateIndex
CREATE INDEX "charges_status_expires_at_idx" ON "charges"("status", "expires_at");

-- CreateIndex
CREATE INDEX "charges_account_id_created_at_idx" ON "charges"("account_id", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "charges_account_id_external_id_key" ON "charges"("account_id", "external_id");

-- AddForeignKey
ALTER TABLE "charges" ADD CONSTRAINT "charges_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
