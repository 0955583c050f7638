-- CreateTable
CREATE TABLE "med_evidence" (
    "id" UUID NOT NULL,
    "med_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "med_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "med_evidence_med_id_created_at_idx" ON "med_evidence"("med_id", "created_at");

-- AddForeignKey
ALTER TABLE "med_evidence" ADD CONSTRAINT "med_evidence_med_id_fkey" FOREIGN KEY ("med_id") REFERENCES "meds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

