-- The merchant's brand on the payment pages (docs/decisions/0037-payment-pages.md).
CREATE TABLE "brandings" (
    "user_id" UUID NOT NULL,
    "display_name" VARCHAR(80),
    "accent_color" VARCHAR(7),
    "logo_key" VARCHAR(32),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "brandings_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "brandings_accent_color_check" CHECK ("accent_color" IS NULL OR "accent_color" ~ '^#[0-9a-f]{6}$')
);

CREATE UNIQUE INDEX "brandings_logo_key_key" ON "brandings"("logo_key");

ALTER TABLE "brandings" ADD CONSTRAINT "brandings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
