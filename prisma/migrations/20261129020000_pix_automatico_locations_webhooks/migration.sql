-- Pix Automático payload locations (API Pix `locrec`) and the recurrence webhooks (`webhookrec`,
-- `webhookcobr`): docs/decisions/0042-pix-automatico-locations-journeys-webhooks.md

-- A recurrence's payload location: served at /pix/qr/v2/rec/{token}, bound to at most one recurrence.
CREATE TABLE "recurrence_locations" (
  "id" BIGSERIAL NOT NULL,
  "user_id" UUID NOT NULL,
  "token" UUID NOT NULL,
  "id_rec" VARCHAR(29),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "released_at" TIMESTAMPTZ(3),
  CONSTRAINT "recurrence_locations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "recurrence_locations_token_key" ON "recurrence_locations" ("token");
CREATE UNIQUE INDEX "recurrence_locations_id_rec_key" ON "recurrence_locations" ("id_rec");
CREATE INDEX "recurrence_locations_user_id_created_at_idx" ON "recurrence_locations" ("user_id", "created_at");
ALTER TABLE "recurrence_locations" ADD CONSTRAINT "recurrence_locations_id_rec_fkey"
  FOREIGN KEY ("id_rec") REFERENCES "recurrences"("id_rec") ON DELETE SET NULL ON UPDATE CASCADE;

-- One URL per merchant and kind: `rec` (deliveries to {url}/rec) and `cobr` (to {url}/cobr).
CREATE TABLE "recurrence_webhooks" (
  "id" UUID NOT NULL,
  "user_id" UUID NOT NULL,
  "kind" VARCHAR(4) NOT NULL,
  "webhook_url" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "recurrence_webhooks_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "recurrence_webhooks_kind_check" CHECK ("kind" IN ('rec', 'cobr'))
);
CREATE UNIQUE INDEX "recurrence_webhooks_user_id_kind_key" ON "recurrence_webhooks" ("user_id", "kind");

ALTER TABLE "webhook_deliveries" ADD COLUMN "recurrence_webhook_id" UUID;
CREATE INDEX "webhook_deliveries_recurrence_webhook_id_idx" ON "webhook_deliveries" ("recurrence_webhook_id");

-- How the payer approved (`ativacao.tipoJornada`): JORNADA_1..4, set at approval; null before.
ALTER TABLE "recurrences" ADD COLUMN "journey" VARCHAR(9);
