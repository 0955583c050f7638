-- Pix Automático consent requests (API Pix `solicrec`): docs/decisions/0040-pix-automatico-requests.md
CREATE TABLE "recurrence_requests" (
    "id_solic_rec" VARCHAR(29) NOT NULL,
    "user_id" UUID NOT NULL,
    "id_rec" VARCHAR(29) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "recipient" JSONB NOT NULL,
    "status" VARCHAR(9) NOT NULL DEFAULT 'CRIADA',
    "history" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recurrence_requests_pkey" PRIMARY KEY ("id_solic_rec")
);

CREATE INDEX "recurrence_requests_user_id_id_rec_idx" ON "recurrence_requests"("user_id", "id_rec");

-- One active request per recurrence.
CREATE UNIQUE INDEX "recurrence_requests_one_active" ON "recurrence_requests"("id_rec")
    WHERE "status" IN ('CRIADA', 'ENVIADA', 'RECEBIDA');

ALTER TABLE "recurrence_requests" ADD CONSTRAINT "recurrence_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "recurrence_requests" ADD CONSTRAINT "recurrence_requests_id_rec_fkey" FOREIGN KEY ("id_rec") REFERENCES "recurrences"("id_rec") ON DELETE RESTRICT ON UPDATE CASCADE;
