CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"turma_id" uuid NOT NULL,
	"disciplina" text NOT NULL,
	"periodo_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"data" date NOT NULL,
	"peso" numeric(4, 1) DEFAULT '1' NOT NULL,
	"tipo" text DEFAULT 'regular' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_peso_check" CHECK ("assessments"."peso" > 0)
);
--> statement-breakpoint
CREATE TABLE "council_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"ano_letivo_id" uuid NOT NULL,
	"disciplina" text,
	"resultado" text NOT NULL,
	"motivo" text NOT NULL,
	"por_id" uuid,
	"por_nome" text,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "council_decisions_unique" UNIQUE NULLS NOT DISTINCT("aluno_id","ano_letivo_id","disciplina")
);
--> statement-breakpoint
CREATE TABLE "grade_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nota_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"antes" text,
	"depois" text,
	"motivo" text,
	"por_id" uuid,
	"por_nome" text,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"avaliacao_id" uuid NOT NULL,
	"aluno_id" uuid NOT NULL,
	"valor" numeric(5, 1),
	"conceito" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grades_assessment_student_unique" UNIQUE("avaliacao_id","aluno_id"),
	CONSTRAINT "grades_valor_check" CHECK ("grades"."valor" is null or "grades"."valor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "period_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"periodo_id" uuid NOT NULL,
	"turma_id" uuid,
	"fechado" boolean,
	"publicado" boolean,
	"alterado_por_nome" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "period_states_unique" UNIQUE NULLS NOT DISTINCT("periodo_id","turma_id")
);
--> statement-breakpoint
CREATE TABLE "year_closures" (
	"ano_letivo_id" uuid PRIMARY KEY NOT NULL,
	"encerrado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrado_por_nome" text,
	"rematricula_em" timestamp with time zone,
	"rematricula_resumo" jsonb
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_periodo_id_school_periods_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."school_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decisions" ADD CONSTRAINT "council_decisions_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decisions" ADD CONSTRAINT "council_decisions_ano_letivo_id_school_years_id_fk" FOREIGN KEY ("ano_letivo_id") REFERENCES "public"."school_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_decisions" ADD CONSTRAINT "council_decisions_por_id_users_id_fk" FOREIGN KEY ("por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_nota_id_grades_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_changes" ADD CONSTRAINT "grade_changes_por_id_users_id_fk" FOREIGN KEY ("por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_avaliacao_id_assessments_id_fk" FOREIGN KEY ("avaliacao_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grades" ADD CONSTRAINT "grades_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_states" ADD CONSTRAINT "period_states_periodo_id_school_periods_id_fk" FOREIGN KEY ("periodo_id") REFERENCES "public"."school_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_states" ADD CONSTRAINT "period_states_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_closures" ADD CONSTRAINT "year_closures_ano_letivo_id_school_years_id_fk" FOREIGN KEY ("ano_letivo_id") REFERENCES "public"."school_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessments_class_subject_idx" ON "assessments" USING btree ("turma_id","disciplina","periodo_id");--> statement-breakpoint
CREATE INDEX "assessments_periodo_idx" ON "assessments" USING btree ("periodo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_recovery_unique" ON "assessments" USING btree ("turma_id","disciplina","periodo_id") WHERE "assessments"."tipo" = 'recuperacao';--> statement-breakpoint
CREATE INDEX "grade_changes_nota_idx" ON "grade_changes" USING btree ("nota_id","em");--> statement-breakpoint
CREATE INDEX "grades_aluno_idx" ON "grades" USING btree ("aluno_id");