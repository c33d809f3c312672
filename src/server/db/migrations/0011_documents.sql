CREATE TABLE "prior_school_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"ano" smallint NOT NULL,
	"serie" text NOT NULL,
	"escola" text NOT NULL,
	"cidade" text NOT NULL,
	"uf" text NOT NULL,
	"resultado" text NOT NULL,
	"frequencia" numeric(4, 1),
	"observacoes" text,
	"disciplinas" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prior_school_years_uf_check" CHECK (char_length("prior_school_years"."uf") = 2)
);
--> statement-breakpoint
CREATE TABLE "school_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"tipo" text NOT NULL,
	"aluno_id" uuid,
	"iniciais" text NOT NULL,
	"conteudo" jsonb NOT NULL,
	"origem" text NOT NULL,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"emitido_por" uuid,
	"emitido_por_nome" text,
	"revogado_em" timestamp with time zone,
	"revogado_por_nome" text,
	"motivo_revogacao" text
);
--> statement-breakpoint
ALTER TABLE "prior_school_years" ADD CONSTRAINT "prior_school_years_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_emitido_por_users_id_fk" FOREIGN KEY ("emitido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prior_school_years_aluno_idx" ON "prior_school_years" USING btree ("aluno_id","ano");--> statement-breakpoint
CREATE UNIQUE INDEX "school_documents_codigo_unique" ON "school_documents" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "school_documents_aluno_idx" ON "school_documents" USING btree ("aluno_id","emitido_em");