-- The hosted payment page of every charge (/c/{public_id}): a random id, not the txId.
-- The default fills every existing row (backfill) and every new one.
ALTER TABLE "charges" ADD COLUMN "public_id" VARCHAR(32) NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);

CREATE UNIQUE INDEX "charges_public_id_key" ON "charges"("public_id");
