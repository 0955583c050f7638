-- Database roles (docs/decisions/0024-database-roles.md): the platform's processes connect as
-- pix_app, which reads and writes rows but owns nothing, so it cannot TRUNCATE, ALTER, DISABLE
-- TRIGGER or DROP a table; migrations run as the owner (pix_owner in production). The audit log
-- is evidence: pix_app may only add to it and read it, and a trigger refuses TRUNCATE to everyone.
--
-- Roles belong to the whole cluster, not to this database: each is created only when missing,
-- and a migration running beside another one (tests migrate many databases at once) may lose
-- the race to create it, which is fine.
DO $$
DECLARE
  role_name TEXT;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['pix_owner', 'pix_app'] LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = role_name) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I NOLOGIN', role_name);
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL;
      END;
    END IF;
  END LOOP;
END
$$;

GRANT USAGE ON SCHEMA public TO pix_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pix_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO pix_app;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO pix_app;
-- the job queue (pg-boss) creates and migrates its own schema when the worker starts
DO $$
BEGIN
  EXECUTE format('GRANT CREATE ON DATABASE %I TO pix_app', current_database());
END
$$;
-- tables, sequences and functions that later migrations create (as the same owner) too
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pix_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO pix_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO pix_app;

-- Migrations are the owner's business.
REVOKE ALL ON "_prisma_migrations" FROM pix_app;

-- The audit log: written once, read, never changed or removed.
REVOKE ALL ON "audit_log" FROM pix_app;
GRANT SELECT, INSERT ON "audit_log" TO pix_app;

-- Row triggers do not fire for TRUNCATE; this one refuses it even for the owner.
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
