-- The reason an operator gave for blocking an account, for the holder's dashboard banner.
ALTER TABLE "accounts" ADD COLUMN "status_reason" TEXT, ADD COLUMN "status_changed_at" TIMESTAMPTZ(3);
