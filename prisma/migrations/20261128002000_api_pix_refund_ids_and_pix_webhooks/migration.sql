-- API Pix (issue 31): the client's id of a refund (devolução) per received PIX, and the webhook
-- of a PIX key (PUT /webhook/{chave}) with its own delivery surface.

CREATE TABLE "refund_identifiers" (
    "user_id" UUID NOT NULL,
    "original_end_to_end_id" TEXT NOT NULL,
    "client_id" VARCHAR(35) NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "refund_end_to_end_id" TEXT NOT NULL,
    "nature" TEXT NOT NULL DEFAULT 'ORIGINAL' CHECK ("nature" IN ('ORIGINAL', 'RETIRADA')),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "refund_identifiers_pkey" PRIMARY KEY ("user_id", "original_end_to_end_id", "client_id")
);
CREATE UNIQUE INDEX "refund_identifiers_account_id_refund_end_to_end_id_key"
    ON "refund_identifiers" ("account_id", "refund_end_to_end_id");

CREATE TABLE "pix_webhooks" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "chave" TEXT NOT NULL,
    "webhook_url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pix_webhooks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pix_webhooks_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "pix_webhooks_chave_key" ON "pix_webhooks" ("chave");
CREATE INDEX "pix_webhooks_user_id_created_at_idx" ON "pix_webhooks" ("user_id", "created_at");

-- The new value is not used in this migration (Postgres allows that inside a transaction).
ALTER TYPE "WebhookSurface" ADD VALUE 'api_pix';
ALTER TABLE "webhook_deliveries" ADD COLUMN "pix_webhook_id" UUID;
CREATE INDEX "webhook_deliveries_pix_webhook_id_idx" ON "webhook_deliveries" ("pix_webhook_id");
