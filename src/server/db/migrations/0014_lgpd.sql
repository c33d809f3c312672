CREATE TABLE "consent_purposes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chave" text,
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"aluno_id" uuid NOT NULL,
	"finalidade_id" uuid NOT NULL,
	"concedido" boolean NOT NULL,
	"versao_finalidade" integer NOT NULL,
	"responsavel_id" uuid,
	"usuario_id" uuid,
	"registrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "photo_students" (
	"media_id" uuid NOT NULL,
	"aluno_id" uuid NOT NULL,
	CONSTRAINT "photo_students_media_id_aluno_id_pk" PRIMARY KEY("media_id","aluno_id")
);
--> statement-breakpoint
CREATE TABLE "privacy_acceptances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"versao_privacidade" integer NOT NULL,
	"versao_termos" integer NOT NULL,
	"aceito_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid,
	"responsavel_id" uuid,
	"aluno_id" uuid,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"resposta" text,
	"prazo" date NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"respondido_em" timestamp with time zone,
	"respondido_por" uuid
);
--> statement-breakpoint
CREATE TABLE "guardian_email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"responsavel_id" uuid NOT NULL,
	"novo_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_finalidade_id_consent_purposes_id_fk" FOREIGN KEY ("finalidade_id") REFERENCES "public"."consent_purposes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_students" ADD CONSTRAINT "photo_students_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_students" ADD CONSTRAINT "photo_students_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_acceptances" ADD CONSTRAINT "privacy_acceptances_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_email_changes" ADD CONSTRAINT "guardian_email_changes_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_purposes_chave_unique" ON "consent_purposes" USING btree ("chave") WHERE "consent_purposes"."chave" is not null;--> statement-breakpoint
CREATE INDEX "consents_aluno_finalidade_idx" ON "consents" USING btree ("aluno_id","finalidade_id","id");--> statement-breakpoint
CREATE INDEX "photo_students_aluno_idx" ON "photo_students" USING btree ("aluno_id");--> statement-breakpoint
CREATE INDEX "privacy_acceptances_usuario_idx" ON "privacy_acceptances" USING btree ("usuario_id","aceito_em");--> statement-breakpoint
CREATE INDEX "data_requests_situacao_idx" ON "data_requests" USING btree ("situacao","criado_em");--> statement-breakpoint
CREATE INDEX "data_requests_responsavel_idx" ON "data_requests" USING btree ("responsavel_id");--> statement-breakpoint
CREATE INDEX "guardian_email_changes_responsavel_idx" ON "guardian_email_changes" USING btree ("responsavel_id");--> statement-breakpoint
-- hand-written: the consent history is append-only; a change of mind is a new row.
CREATE OR REPLACE FUNCTION consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'o histórico de consentimentos só aceita novos registros';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER consents_no_update BEFORE UPDATE ON consents FOR EACH ROW EXECUTE FUNCTION consents_append_only();
