CREATE TABLE "perfis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"permissoes" text[] DEFAULT '{}'::text[] NOT NULL,
	"chave" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_perfis" (
	"usuario_id" uuid NOT NULL,
	"perfil_id" uuid NOT NULL,
	CONSTRAINT "user_perfis_usuario_id_perfil_id_pk" PRIMARY KEY("usuario_id","perfil_id")
);
--> statement-breakpoint
ALTER TABLE "user_perfis" ADD CONSTRAINT "user_perfis_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_perfis" ADD CONSTRAINT "user_perfis_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "perfis_chave_unique" ON "perfis" USING btree ("chave");--> statement-breakpoint
CREATE UNIQUE INDEX "perfis_nome_unique" ON "perfis" USING btree (lower("nome"));--> statement-breakpoint
CREATE INDEX "user_perfis_perfil_idx" ON "user_perfis" USING btree ("perfil_id");--> statement-breakpoint
-- hand-written: the built-in profiles (ADR 0025; their permissions are read from
-- src/shared/permissions.ts, the column is a copy the startup keeps current) and today's accounts
-- carried forward: administradores become Direção (every permission), professores Professor,
-- responsáveis Responsável — nobody's access changes.
INSERT INTO "perfis" ("nome", "chave") VALUES
  ('Direção', 'direcao'),
  ('Secretaria', 'secretaria'),
  ('Coordenação pedagógica', 'coordenacao'),
  ('Financeiro', 'financeiro'),
  ('Professor', 'professor'),
  ('Responsável', 'responsavel')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_perfis" ("usuario_id", "perfil_id")
  SELECT u."id", p."id" FROM "users" u
  JOIN "perfis" p ON p."chave" = CASE u."nivel"
    WHEN 'administrador' THEN 'direcao' WHEN 'professor' THEN 'professor' ELSE 'responsavel' END
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- hand-written: a change of a profile or of who holds it changes what signed-in people may do: the
-- session cache of every instance forgets the holder (a user_perfis row) or everyone (a profile).
CREATE FUNCTION "notify_perfis_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'perfis' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_changed', 'user:' || OLD.usuario_id);
  ELSE
    PERFORM pg_notify('auth_changed', 'user:' || NEW.usuario_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "perfis_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "perfis"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_perfis_change();--> statement-breakpoint
CREATE TRIGGER "user_perfis_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_perfis"
  FOR EACH ROW EXECUTE FUNCTION notify_perfis_change();--> statement-breakpoint
CREATE TRIGGER "user_perfis_auth_truncated" AFTER TRUNCATE ON "user_perfis"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_perfis_change();
