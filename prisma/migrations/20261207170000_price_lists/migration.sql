-- Price lists (issue 45, docs/decisions/0058-fee-rounding.md): versions of the platform's default
-- list (account_id NULL) and of accounts' own, each with one price per product. Append-only: a
-- change is a new version, the past is never rewritten.
CREATE TYPE "FeeProduct" AS ENUM (
  'pix_in_qr', 'pix_in_key', 'pix_in_link', 'pix_in_due_date', 'pix_in_automatic', 'pix_out', 'refund', 'med'
);

CREATE TABLE "price_lists" (
    "id" UUID NOT NULL,
    "account_id" VARCHAR(12),
    "effective_from" TIMESTAMPTZ(3) NOT NULL,
    "refund_returns_fee" BOOLEAN NOT NULL DEFAULT false,
    "created_by" TEXT NOT NULL,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "price_lists_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "price_lists_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX "price_lists_account_id_effective_from_idx" ON "price_lists"("account_id", "effective_from" DESC);

CREATE TABLE "price_list_items" (
    "price_list_id" UUID NOT NULL,
    "product" "FeeProduct" NOT NULL,
    "percent_basis_points" INTEGER NOT NULL,
    "fixed_cents" BIGINT NOT NULL,
    "min_cents" BIGINT,
    "max_cents" BIGINT,
    CONSTRAINT "price_list_items_pkey" PRIMARY KEY ("price_list_id", "product"),
    CONSTRAINT "price_list_items_price_list_id_fkey" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "price_list_items_amounts_check" CHECK (
      "percent_basis_points" BETWEEN 0 AND 10000 AND "fixed_cents" >= 0
      AND ("min_cents" IS NULL OR "min_cents" >= 0) AND ("max_cents" IS NULL OR "max_cents" >= 0)
      AND ("min_cents" IS NULL OR "max_cents" IS NULL OR "min_cents" <= "max_cents")
    )
);

-- A version is history: written once, never changed or removed.
CREATE FUNCTION price_lists_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER price_lists_append_only BEFORE UPDATE OR DELETE ON "price_lists"
  FOR EACH ROW EXECUTE FUNCTION price_lists_append_only();
CREATE TRIGGER price_list_items_append_only BEFORE UPDATE OR DELETE ON "price_list_items"
  FOR EACH ROW EXECUTE FUNCTION price_lists_append_only();

-- Each account's flat fee on PIX out (accounts.external_fee_cents) becomes the pix_out price of
-- an own version in force since the account opened; every other product costs 0 there. The
-- column stays, read only where an account has no own version (server/pricing/service.ts).
WITH moved AS (
  INSERT INTO "price_lists" ("id", "account_id", "effective_from", "created_by", "note")
  SELECT gen_random_uuid(), "id", "created_at", 'migration', 'external_fee_cents'
    FROM "accounts" WHERE "external_fee_cents" > 0
  RETURNING "id", "account_id"
)
INSERT INTO "price_list_items" ("price_list_id", "product", "percent_basis_points", "fixed_cents")
SELECT moved."id", p."product", 0, CASE WHEN p."product" = 'pix_out' THEN a."external_fee_cents" ELSE 0 END
  FROM moved JOIN "accounts" a ON a."id" = moved."account_id"
  CROSS JOIN unnest(enum_range(NULL::"FeeProduct")) AS p("product");
