-- A statement is written in the language of whoever asked for it, and can be an OFX file.
ALTER TYPE "StatementFormat" ADD VALUE IF NOT EXISTS 'ofx';
ALTER TABLE "statements" ADD COLUMN "locale" TEXT NOT NULL DEFAULT 'pt-BR';
