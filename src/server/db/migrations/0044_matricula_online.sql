CREATE TABLE "interessado_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interessado_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"texto" text NOT NULL,
	"autor_id" uuid,
	"autor_nome" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interessados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text DEFAULT 'nova' NOT NULL,
	"responsavel_nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" text NOT NULL,
	"aluno_nome" text NOT NULL,
	"aluno_nascimento" date NOT NULL,
	"serie" text NOT NULL,
	"ano_letivo" integer NOT NULL,
	"origem" text,
	"mensagem" text,
	"etapa" text DEFAULT 'interessado' NOT NULL,
	"motivo_perda" text,
	"visita_em" timestamp with time zone,
	"etapa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"consentimento_em" timestamp with time zone,
	"aluno_id" uuid,
	"turma_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interessados_etapa" CHECK ("interessados"."etapa" in ('interessado','visita','pre_matricula','contrato_enviado','contrato_assinado','matriculado','perdido'))
);
--> statement-breakpoint
CREATE TABLE "pre_matriculas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interessado_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"dados" jsonb NOT NULL,
	"aberto_em" timestamp with time zone,
	"enviado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interessado_eventos" ADD CONSTRAINT "interessado_eventos_interessado_id_interessados_id_fk" FOREIGN KEY ("interessado_id") REFERENCES "public"."interessados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interessado_eventos" ADD CONSTRAINT "interessado_eventos_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interessados" ADD CONSTRAINT "interessados_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interessados" ADD CONSTRAINT "interessados_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD CONSTRAINT "pre_matriculas_interessado_id_interessados_id_fk" FOREIGN KEY ("interessado_id") REFERENCES "public"."interessados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interessado_eventos_idx" ON "interessado_eventos" USING btree ("interessado_id","criado_em");--> statement-breakpoint
CREATE INDEX "interessados_etapa_idx" ON "interessados" USING btree ("etapa","etapa_em");--> statement-breakpoint
CREATE INDEX "interessados_ano_serie_idx" ON "interessados" USING btree ("ano_letivo","serie");--> statement-breakpoint
CREATE INDEX "interessados_aluno_idx" ON "interessados" USING btree ("aluno_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_matriculas_interessado_idx" ON "pre_matriculas" USING btree ("interessado_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_matriculas_token_idx" ON "pre_matriculas" USING btree ("token_hash");