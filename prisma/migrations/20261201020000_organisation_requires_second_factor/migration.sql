-- An organisation may require a second factor of all its members (docs/decisions/0050-organisation-requires-second-factor.md)
ALTER TABLE "organizations" ADD COLUMN "require_second_factor" BOOLEAN NOT NULL DEFAULT false;
