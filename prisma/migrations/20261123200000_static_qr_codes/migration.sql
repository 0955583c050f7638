-- CreateTable
CREATE TABLE "static_qr_codes" (
    "id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "user_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "pix_key" TEXT NOT NULL,
    "amount_cents" BIGINT,
    "description" TEXT,
    "emv" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "static_qr_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "static_qr_codes_user_id_created_at_idx" ON "static_qr_codes"("user_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "static_qr_codes" ADD CONSTRAINT "static_qr_codes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

