-- The language a statement is written in (its PDF and file name): the requester's dashboard locale.
ALTER TABLE "statements" ADD COLUMN "locale" VARCHAR(5) NOT NULL DEFAULT 'pt-BR';
