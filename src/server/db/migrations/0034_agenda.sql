CREATE TABLE "agenda_dias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"turma_id" uuid NOT NULL,
	"data" date NOT NULL,
	"itens" jsonb NOT NULL,
	"excecoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"autor_id" uuid,
	"autor_nome" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_fotos" (
	"dia_id" uuid PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"largura" integer NOT NULL,
	"altura" integer NOT NULL,
	"tamanho" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"enviado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_leituras" (
	"dia_id" uuid NOT NULL,
	"aluno_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"lido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_leituras_dia_id_aluno_id_usuario_id_pk" PRIMARY KEY("dia_id","aluno_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_modelos" (
	"turma_id" uuid PRIMARY KEY NOT NULL,
	"ativa" boolean NOT NULL,
	"itens" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"atualizado_por" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicacao_autorizacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"medicamento" text NOT NULL,
	"dose" text NOT NULL,
	"posologia" text,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"origem" text NOT NULL,
	"responsavel_id" uuid,
	"registrada_por" uuid,
	"registrada_por_nome" text,
	"registrada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"revogada_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agenda_dias" ADD CONSTRAINT "agenda_dias_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_dias" ADD CONSTRAINT "agenda_dias_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_fotos" ADD CONSTRAINT "agenda_fotos_dia_id_agenda_dias_id_fk" FOREIGN KEY ("dia_id") REFERENCES "public"."agenda_dias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_fotos" ADD CONSTRAINT "agenda_fotos_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_leituras" ADD CONSTRAINT "agenda_leituras_dia_id_agenda_dias_id_fk" FOREIGN KEY ("dia_id") REFERENCES "public"."agenda_dias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_leituras" ADD CONSTRAINT "agenda_leituras_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_leituras" ADD CONSTRAINT "agenda_leituras_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_modelos" ADD CONSTRAINT "agenda_modelos_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_modelos" ADD CONSTRAINT "agenda_modelos_atualizado_por_users_id_fk" FOREIGN KEY ("atualizado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicacao_autorizacoes" ADD CONSTRAINT "medicacao_autorizacoes_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicacao_autorizacoes" ADD CONSTRAINT "medicacao_autorizacoes_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicacao_autorizacoes" ADD CONSTRAINT "medicacao_autorizacoes_registrada_por_users_id_fk" FOREIGN KEY ("registrada_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_dias_turma_data_unique" ON "agenda_dias" USING btree ("turma_id","data");--> statement-breakpoint
CREATE INDEX "agenda_dias_data_idx" ON "agenda_dias" USING btree ("data");--> statement-breakpoint
CREATE INDEX "medicacao_autorizacoes_aluno_idx" ON "medicacao_autorizacoes" USING btree ("aluno_id");