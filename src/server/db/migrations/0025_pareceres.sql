CREATE TABLE "pareceres" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"periodo_id" uuid NOT NULL,
	"turma_id" uuid NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"campos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"enviado_em" timestamp with time zone,
	"autor_id" uuid,
	"autor_nome" text,
	"revisor_id" uuid,
	"revisor_nome" text,
	"revisado_em" timestamp with time zone,
	"publicado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pareceres" ADD CONSTRAINT "pareceres_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pareceres" ADD CONSTRAINT "pareceres_periodo_id_school_periods_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."school_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pareceres" ADD CONSTRAINT "pareceres_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pareceres" ADD CONSTRAINT "pareceres_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pareceres" ADD CONSTRAINT "pareceres_revisor_id_users_id_fk" FOREIGN KEY ("revisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pareceres_aluno_periodo_unique" ON "pareceres" USING btree ("aluno_id","periodo_id");--> statement-breakpoint
CREATE INDEX "pareceres_turma_periodo_idx" ON "pareceres" USING btree ("turma_id","periodo_id");