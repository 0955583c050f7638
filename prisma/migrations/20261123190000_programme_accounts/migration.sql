-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "programme_owner_id" UUID;

-- CreateIndex
CREATE INDEX "accounts_programme_owner_id_idx" ON "accounts"("programme_owner_id");

