-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "last_pix_key_at" TIMESTAMPTZ(3);

