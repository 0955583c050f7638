-- A price list's version is history: written once, never changed or removed (decision 0058).
-- Run by the triggers of price_lists and price_list_items before each UPDATE or DELETE.
CREATE FUNCTION price_lists_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
