ALTER TABLE "users" ADD COLUMN "auth_version" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- hand-written: issue 38, ADR 0060. users.auth_version is a new random value whenever anything a cached
-- session holds may have changed: the user's row (any column), the profiles the user holds (user_perfis)
-- or one of those profiles (perfis: name, key, permissions). On PostgreSQL a cache hit is confirmed by
-- reading the session and this value (two primary-key lookups); a different value means the full read.
-- Random, not a counter: a value never comes back, not after a restore nor on a copy of the database.
CREATE FUNCTION "bump_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.auth_version := gen_random_uuid();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_version" BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION bump_auth_version();--> statement-breakpoint
CREATE FUNCTION "bump_holders_auth_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'perfis' THEN
    IF (OLD.nome, OLD.chave, OLD.permissoes) IS DISTINCT FROM (NEW.nome, NEW.chave, NEW.permissoes) THEN
      UPDATE users SET auth_version = gen_random_uuid()
        WHERE id IN (SELECT usuario_id FROM user_perfis WHERE perfil_id = NEW.id);
    END IF;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE users SET auth_version = gen_random_uuid();
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE users SET auth_version = gen_random_uuid() WHERE id IN (SELECT usuario_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE users SET auth_version = gen_random_uuid() WHERE id IN (SELECT usuario_id FROM old_rows);
  ELSE
    UPDATE users SET auth_version = gen_random_uuid()
      WHERE id IN (SELECT usuario_id FROM new_rows UNION SELECT usuario_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "perfis_auth_version" AFTER UPDATE ON "perfis"
  FOR EACH ROW EXECUTE FUNCTION bump_holders_auth_version();--> statement-breakpoint
CREATE TRIGGER "user_perfis_auth_version_insert" AFTER INSERT ON "user_perfis"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_holders_auth_version();--> statement-breakpoint
CREATE TRIGGER "user_perfis_auth_version_delete" AFTER DELETE ON "user_perfis"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_holders_auth_version();--> statement-breakpoint
CREATE TRIGGER "user_perfis_auth_version_update" AFTER UPDATE ON "user_perfis"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_holders_auth_version();--> statement-breakpoint
CREATE TRIGGER "user_perfis_auth_version_truncate" AFTER TRUNCATE ON "user_perfis"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_holders_auth_version();
