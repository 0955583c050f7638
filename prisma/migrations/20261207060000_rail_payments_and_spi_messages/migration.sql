-- The PIX rail as an asynchronous network (docs/pix-network.md): one row per payment or return
-- with another institution, and the SPI connector's message log.
CREATE TYPE "RailDirection" AS ENUM ('outgoing', 'incoming');
CREATE TYPE "RailPaymentKind" AS ENUM ('payment', 'return');
CREATE TYPE "RailPaymentState" AS ENUM ('submitted', 'sent', 'received', 'accepted', 'settled', 'rejected');
CREATE TYPE "SpiMessageDirection" AS ENUM ('in', 'out');

CREATE TABLE "rail_payments" (
    "id" TEXT NOT NULL,
    "direction" "RailDirection" NOT NULL,
    "kind" "RailPaymentKind" NOT NULL,
    "state" "RailPaymentState" NOT NULL,
    "account_id" VARCHAR(12),
    "entry_seq" BIGINT,
    "amount_cents" BIGINT NOT NULL,
    "original_end_to_end_id" TEXT,
    "reason_code" TEXT,
    "reason_text" TEXT,
    "facts" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "decided_at" TIMESTAMPTZ(3),
    CONSTRAINT "rail_payments_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "rail_payments_state_updated_at_idx" ON "rail_payments"("state", "updated_at");

CREATE TABLE "spi_messages" (
    "id" UUID NOT NULL,
    "direction" "SpiMessageDirection" NOT NULL,
    "biz_msg_idr" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "subject_id" TEXT,
    "xml" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "resource_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "done_at" TIMESTAMPTZ(3),
    "answer_ms" INTEGER,
    CONSTRAINT "spi_messages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "spi_messages_direction_biz_msg_idr_key" ON "spi_messages"("direction", "biz_msg_idr");
CREATE INDEX "spi_messages_direction_status_next_attempt_at_idx" ON "spi_messages"("direction", "status", "next_attempt_at");
CREATE INDEX "spi_messages_created_at_idx" ON "spi_messages"("created_at");
CREATE INDEX "spi_messages_subject_id_idx" ON "spi_messages"("subject_id");

-- When the directory took each key (DICT createEntry); keys made before the connector count as taken.
ALTER TABLE "pix_keys" ADD COLUMN "dict_registered_at" TIMESTAMPTZ(3);
UPDATE "pix_keys" SET "dict_registered_at" = "created_at";
CREATE INDEX "pix_keys_unregistered_idx" ON "pix_keys" ("created_at") WHERE "dict_registered_at" IS NULL;

-- How each process's SPI stream reader is: streams open, last message, last echo.
CREATE TABLE "spi_readers" (
    "id" TEXT NOT NULL,
    "streams_open" INTEGER NOT NULL,
    "last_message_at" TIMESTAMPTZ(3),
    "last_echo_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "spi_readers_pkey" PRIMARY KEY ("id")
);
