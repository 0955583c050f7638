-- E-mail and phone PIX keys wait for a code sent to the key (pix_key_claims); text messages kept in the
-- sandbox (sent_sms); account-surface webhook configurations get a signing secret.

-- AlterTable
ALTER TABLE "webhook_configs" ADD COLUMN     "secret_ciphertext" TEXT;

-- CreateTable
CREATE TABLE "pix_key_claims" (
    "id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "type" "PixKeyType" NOT NULL,
    "key" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sends" INTEGER NOT NULL DEFAULT 1,
    "last_sent_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pix_key_claims_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sent_sms" (
    "id" UUID NOT NULL,
    "owner_id" UUID,
    "to" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sent_sms_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "pix_key_claims_account_id_key_key" ON "pix_key_claims"("account_id", "key");

-- CreateIndex
CREATE INDEX "sent_sms_owner_id_to_sent_at_idx" ON "sent_sms"("owner_id", "to", "sent_at" DESC);

-- AddForeignKey
ALTER TABLE "pix_key_claims" ADD CONSTRAINT "pix_key_claims_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

