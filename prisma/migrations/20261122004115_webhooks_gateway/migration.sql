-- CreateEnum
CREATE TYPE "WebhookSurface" AS ENUM ('gateway', 'account');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'delivered', 'failed', 'expired');

-- CreateEnum
CREATE TYPE "IdempotencyState" AS ENUM ('in_progress', 'completed');

-- CreateEnum
CREATE TYPE "QueuedPayoutStatus" AS ENUM ('queued', 'sent', 'failed');

-- CreateTable
CREATE TABLE "gateway_webhooks" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "secret_ciphertext" TEXT,
    "allow_insecure" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "gateway_webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_configs" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "events" TEXT[],
    "target_url" TEXT NOT NULL,
    "auth_header_ciphertext" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "deactivated_reason" TEXT,
    "deactivated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_configs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "surface" "WebhookSurface" NOT NULL,
    "user_id" UUID NOT NULL,
    "gateway_webhook_id" UUID,
    "config_id" UUID,
    "source_event_id" UUID,
    "target_key" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "manual_replay" BOOLEAN NOT NULL DEFAULT false,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "api_key_id" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "key" VARCHAR(256) NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" "IdempotencyState" NOT NULL DEFAULT 'in_progress',
    "response_status" INTEGER,
    "response_body" TEXT,
    "response_headers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queued_payouts" (
    "id" UUID NOT NULL,
    "entry_seq" BIGINT NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "pix_key" TEXT NOT NULL,
    "pix_key_type" "PixKeyType" NOT NULL,
    "status" "QueuedPayoutStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "queued_payouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "gateway_webhooks_user_id_idx" ON "gateway_webhooks"("user_id");

-- CreateIndex
CREATE INDEX "webhook_configs_user_id_idx" ON "webhook_configs"("user_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_user_id_created_at_idx" ON "webhook_deliveries"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "webhook_deliveries_gateway_webhook_id_idx" ON "webhook_deliveries"("gateway_webhook_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_config_id_idx" ON "webhook_deliveries"("config_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_source_event_id_target_key_key" ON "webhook_deliveries"("source_event_id", "target_key");

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_api_key_id_method_path_key_key" ON "idempotency_records"("api_key_id", "method", "path", "key");

-- CreateIndex
CREATE UNIQUE INDEX "queued_payouts_entry_seq_key" ON "queued_payouts"("entry_seq");

-- CreateIndex
CREATE INDEX "queued_payouts_status_next_attempt_at_idx" ON "queued_payouts"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
