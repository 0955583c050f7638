-- The institution's books (server/books) read the postings of a period by their time: a BRIN
-- index on created_at finds a period's pages at almost no cost to the write path (postings are
-- appended in time order, so each block range covers a narrow span of time).
CREATE INDEX "ledger_postings_created_at_idx" ON "ledger_postings" USING BRIN ("created_at");
