CREATE TABLE "final_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"ano_letivo_id" uuid NOT NULL,
	"turma_id" uuid NOT NULL,
	"disciplina" text NOT NULL,
	"valor" numeric(5, 1) NOT NULL,
	"conceito" text,
	"por_id" uuid,
	"por_nome" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "final_recoveries_unique" UNIQUE("aluno_id","ano_letivo_id","disciplina")
);
--> statement-breakpoint
ALTER TABLE "final_recoveries" ADD CONSTRAINT "final_recoveries_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_recoveries" ADD CONSTRAINT "final_recoveries_ano_letivo_id_school_years_id_fk" FOREIGN KEY ("ano_letivo_id") REFERENCES "public"."school_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_recoveries" ADD CONSTRAINT "final_recoveries_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "final_recoveries" ADD CONSTRAINT "final_recoveries_por_id_users_id_fk" FOREIGN KEY ("por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "final_recoveries_class_idx" ON "final_recoveries" USING btree ("turma_id","disciplina");