-- Pix Automático recurring charges (API Pix `cobr`): docs/decisions/0041-pix-automatico-recurring-charges.md
CREATE TABLE "recurring_charges" (
    "tx_id" VARCHAR(35) NOT NULL,
    "user_id" UUID NOT NULL,
    "id_rec" VARCHAR(29) NOT NULL,
    "account_id" VARCHAR(12) NOT NULL,
    "cycle_start" DATE NOT NULL,
    "due_date" DATE NOT NULL,
    "adjust_business_day" BOOLEAN NOT NULL DEFAULT true,
    "amount_cents" BIGINT NOT NULL,
    "info" VARCHAR(140),
    "debtor" JSONB,
    "status" VARCHAR(9) NOT NULL DEFAULT 'CRIADA',
    "history" JSONB NOT NULL,
    "closure" JSONB,
    "paid_end_to_end_id" VARCHAR(32),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recurring_charges_pkey" PRIMARY KEY ("tx_id")
);

CREATE INDEX "recurring_charges_user_id_created_at_idx" ON "recurring_charges"("user_id", "created_at");
CREATE INDEX "recurring_charges_id_rec_idx" ON "recurring_charges"("id_rec");
CREATE INDEX "recurring_charges_status_idx" ON "recurring_charges"("status");

-- One live charge per recurrence and cycle: a rejected or cancelled one frees its cycle.
CREATE UNIQUE INDEX "recurring_charges_one_per_cycle" ON "recurring_charges"("id_rec", "cycle_start")
    WHERE "status" NOT IN ('REJEITADA', 'CANCELADA');

ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "recurring_charges" ADD CONSTRAINT "recurring_charges_id_rec_fkey" FOREIGN KEY ("id_rec") REFERENCES "recurrences"("id_rec") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "recurring_charge_attempts" (
    "id" BIGSERIAL NOT NULL,
    "tx_id" VARCHAR(35) NOT NULL,
    "kind" VARCHAR(4) NOT NULL,
    "settlement_date" DATE NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'SOLICITADA',
    "end_to_end_id" VARCHAR(32) NOT NULL,
    "history" JSONB NOT NULL,
    "rejection" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "recurring_charge_attempts_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "recurring_charge_attempts_end_to_end_id_key" ON "recurring_charge_attempts"("end_to_end_id");
CREATE INDEX "recurring_charge_attempts_tx_id_idx" ON "recurring_charge_attempts"("tx_id");
CREATE INDEX "recurring_charge_attempts_status_settlement_date_idx" ON "recurring_charge_attempts"("status", "settlement_date");

-- At most one attempt under way per charge, and at most one that paid it: a cycle is charged once.
CREATE UNIQUE INDEX "recurring_charge_attempts_one_open" ON "recurring_charge_attempts"("tx_id")
    WHERE "status" IN ('SOLICITADA', 'AGENDADA');
CREATE UNIQUE INDEX "recurring_charge_attempts_one_paid" ON "recurring_charge_attempts"("tx_id")
    WHERE "status" = 'PAGA';

ALTER TABLE "recurring_charge_attempts" ADD CONSTRAINT "recurring_charge_attempts_tx_id_fkey" FOREIGN KEY ("tx_id") REFERENCES "recurring_charges"("tx_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The sandbox's simulated payer of a recurrence: funded (null) or failing with a chosen code.
CREATE TABLE "sandbox_recurrence_payers" (
    "id_rec" VARCHAR(29) NOT NULL,
    "failure_code" VARCHAR(4),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sandbox_recurrence_payers_pkey" PRIMARY KEY ("id_rec")
);

ALTER TABLE "sandbox_recurrence_payers" ADD CONSTRAINT "sandbox_recurrence_payers_id_rec_fkey" FOREIGN KEY ("id_rec") REFERENCES "recurrences"("id_rec") ON DELETE CASCADE ON UPDATE CASCADE;
