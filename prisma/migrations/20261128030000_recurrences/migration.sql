-- Pix Automático recurrences (API Pix `rec`): docs/decisions/0039-pix-automatico-recurrences.md
CREATE TABLE "recurrences" (
    "id_rec" VARCHAR(29) NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "contract" VARCHAR(35) NOT NULL,
    "object" VARCHAR(35),
    "debtor_document" VARCHAR(14) NOT NULL,
    "debtor_name" VARCHAR(140) NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "periodicity" VARCHAR(10) NOT NULL,
    "amount_cents" BIGINT,
    "minimum_cents" BIGINT,
    "retry_policy" VARCHAR(13) NOT NULL,
    "agreement" VARCHAR(60),
    "journey_tx_id" VARCHAR(35),
    "status" VARCHAR(9) NOT NULL DEFAULT 'CRIADA',
    "history" JSONB NOT NULL,
    "closure" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recurrences_pkey" PRIMARY KEY ("id_rec")
);

CREATE INDEX "recurrences_user_id_created_at_idx" ON "recurrences"("user_id", "created_at");

ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
