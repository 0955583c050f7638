-- API Pix cob and loc (docs/decisions/0028-api-pix-cob.md): a charge gains what the Central
-- Bank's `cob` carries, its superseded revisions are kept, and its BR Code's location becomes a
-- row of its own (payload_locations) that a charge binds, so `loc` can be created before the
-- charge, listed, and unlinked.
ALTER TABLE "charges"
  ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "debtor_document" VARCHAR(14),
  ADD COLUMN "debtor_name" VARCHAR(200),
  ADD COLUMN "additional_info" JSONB,
  ADD COLUMN "amount_editable" BOOLEAN NOT NULL DEFAULT false,
  ALTER COLUMN "location_id" DROP NOT NULL;

CREATE INDEX "charges_user_id_debtor_document_idx" ON "charges" ("user_id", "debtor_document");

-- Each earlier revision of a charge, as the charge row was (to_jsonb) before the change.
CREATE TABLE "charge_revisions" (
  "tx_id" VARCHAR(35) NOT NULL,
  "revision" INTEGER NOT NULL,
  "snapshot" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "charge_revisions_pkey" PRIMARY KEY ("tx_id", "revision"),
  CONSTRAINT "charge_revisions_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "charges"("tx_id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "payload_locations" (
  "id" BIGSERIAL NOT NULL,
  "user_id" UUID NOT NULL,
  "token" UUID NOT NULL,
  "tipo_cob" VARCHAR(4) NOT NULL,
  "tx_id" VARCHAR(35),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "released_at" TIMESTAMPTZ(3),
  CONSTRAINT "payload_locations_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "payload_locations_tipo_cob_check" CHECK ("tipo_cob" IN ('cob', 'cobv'))
);
CREATE UNIQUE INDEX "payload_locations_token_key" ON "payload_locations" ("token");
CREATE UNIQUE INDEX "payload_locations_tx_id_key" ON "payload_locations" ("tx_id");
CREATE INDEX "payload_locations_user_id_created_at_idx" ON "payload_locations" ("user_id", "created_at");

-- Every existing charge's location becomes a row, bound to it.
INSERT INTO "payload_locations" ("user_id", "token", "tipo_cob", "tx_id", "created_at")
SELECT "user_id", "location_id", 'cob', "tx_id", "created_at" FROM "charges" ORDER BY "created_at";
