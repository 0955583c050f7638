-- The audit log is evidence: rows are written once and never changed or removed (the trigger of
-- the same name on "audit_log" runs it before every UPDATE and DELETE, audit_log_no_truncate
-- before every TRUNCATE).
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
