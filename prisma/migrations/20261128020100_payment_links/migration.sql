-- Reusable payment links (docs/decisions/0038-payment-links.md) and the charges visitors make from them.
CREATE TABLE "payment_links" (
    "id" VARCHAR(24) NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "description" VARCHAR(140) NOT NULL,
    "amount_cents" BIGINT,
    "min_amount_cents" BIGINT,
    "max_amount_cents" BIGINT,
    "expires_at" TIMESTAMPTZ(3),
    "max_payments" INTEGER,
    "collect_name" BOOLEAN NOT NULL DEFAULT false,
    "collect_document" BOOLEAN NOT NULL DEFAULT false,
    "collect_email" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_at" TIMESTAMPTZ(3),
    CONSTRAINT "payment_links_pkey" PRIMARY KEY ("id"),
    -- a fixed amount, or an open one within a range
    CONSTRAINT "payment_links_amount_check" CHECK (
      ("amount_cents" IS NOT NULL AND "amount_cents" > 0 AND "min_amount_cents" IS NULL AND "max_amount_cents" IS NULL)
      OR ("amount_cents" IS NULL AND "min_amount_cents" > 0 AND "max_amount_cents" >= "min_amount_cents")
    ),
    CONSTRAINT "payment_links_max_payments_check" CHECK ("max_payments" IS NULL OR "max_payments" > 0)
);

CREATE INDEX "payment_links_user_id_created_at_idx" ON "payment_links"("user_id", "created_at" DESC);

ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "charges" ADD COLUMN "payment_link_id" VARCHAR(24), ADD COLUMN "link_visit" VARCHAR(32);

ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_link_id_fkey" FOREIGN KEY ("payment_link_id") REFERENCES "payment_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE INDEX "charges_payment_link_id_status_idx" ON "charges"("payment_link_id", "status");

CREATE INDEX "charges_payment_link_id_link_visit_idx" ON "charges"("payment_link_id", "link_visit");
