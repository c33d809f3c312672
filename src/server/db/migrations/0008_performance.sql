CREATE TABLE "record_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "students_nome_lower_idx";--> statement-breakpoint
CREATE INDEX "students_nome_order_idx" ON "students" USING btree (lower("nome"),"id");--> statement-breakpoint
-- hand-written: issue 11, ADR 0009. Trigram search over the students' name, matrícula and e-mail
-- (pg_trgm ships with PostgreSQL and as a PGlite extension, loaded in db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin (("nome" || ' ' || "matricula" || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
-- hand-written: record_versions get a new value from a sequence on every write to the tables a cached
-- list page depends on (students, their guardians and links, classes) (a sequence never goes back, not even when the tables are truncated).
CREATE SEQUENCE "record_versions_seq";--> statement-breakpoint
CREATE FUNCTION "bump_record_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_versions (name, version) VALUES (TG_ARGV[0], nextval('record_versions_seq'))
  ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "students_record_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "students"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('students');--> statement-breakpoint
CREATE TRIGGER "student_guardians_record_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "student_guardians"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('students');--> statement-breakpoint
CREATE TRIGGER "classes_record_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "classes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('students');--> statement-breakpoint
CREATE TRIGGER "guardians_record_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "guardians"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('students');--> statement-breakpoint
-- hand-written: every change to a user or the end of a session is notified on 'auth_changed', so the
-- session cache of every instance forgets it (features/auth/session-cache.ts). NOTIFY is delivered
-- only when the transaction commits.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('auth_changed', 'session:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
