CREATE TABLE "attendance_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chamada_id" uuid NOT NULL,
	"aluno_id" uuid NOT NULL,
	"justificativa" text,
	"abonada" boolean DEFAULT false NOT NULL,
	"abono_motivo" text,
	"abonada_por_nome" text,
	"abonada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_rolls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"turma_id" uuid NOT NULL,
	"data" date NOT NULL,
	"aula" smallint DEFAULT 0 NOT NULL,
	"disciplina" text,
	"registrado_por" uuid,
	"registrado_por_nome" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_rolls_lesson_unique" UNIQUE NULLS NOT DISTINCT("turma_id","data","aula","disciplina"),
	CONSTRAINT "attendance_rolls_kind_check" CHECK (("attendance_rolls"."aula" = 0 and "attendance_rolls"."disciplina" is null) or ("attendance_rolls"."aula" >= 1 and "attendance_rolls"."disciplina" is not null))
);
--> statement-breakpoint
CREATE TABLE "class_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"turma_id" uuid NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	CONSTRAINT "class_memberships_dates_check" CHECK ("class_memberships"."fim" is null or "class_memberships"."fim" >= "class_memberships"."inicio")
);
--> statement-breakpoint
CREATE TABLE "class_subjects" (
	"turma_id" uuid NOT NULL,
	"disciplina" text NOT NULL,
	"professor_id" uuid,
	"aulas_semanais" smallint NOT NULL,
	"dias_semana" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	CONSTRAINT "class_subjects_turma_id_disciplina_pk" PRIMARY KEY("turma_id","disciplina")
);
--> statement-breakpoint
CREATE TABLE "tutelary_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"ano" integer NOT NULL,
	"turma_nome" text,
	"aulas_dadas" integer NOT NULL,
	"faltas" integer NOT NULL,
	"emitida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"emitida_por" uuid,
	"emitida_por_nome" text
);
--> statement-breakpoint
CREATE TABLE "calendar_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"publico" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_entries_dates_check" CHECK ("calendar_entries"."fim" >= "calendar_entries"."inicio")
);
--> statement-breakpoint
CREATE TABLE "school_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ano_letivo_id" uuid NOT NULL,
	"numero" smallint NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"data_fechamento" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ano" integer NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"tipo_periodo" text DEFAULT 'bimestre' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_years_dates_check" CHECK ("school_years"."fim" > "school_years"."inicio")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "frequencia_modo" text DEFAULT 'diaria' NOT NULL;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "grade_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_chamada_id_attendance_rolls_id_fk" FOREIGN KEY ("chamada_id") REFERENCES "public"."attendance_rolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_absences" ADD CONSTRAINT "attendance_absences_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rolls" ADD CONSTRAINT "attendance_rolls_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_rolls" ADD CONSTRAINT "attendance_rolls_registrado_por_users_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_memberships" ADD CONSTRAINT "class_memberships_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_memberships" ADD CONSTRAINT "class_memberships_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_professor_id_teachers_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."teachers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutelary_notifications" ADD CONSTRAINT "tutelary_notifications_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutelary_notifications" ADD CONSTRAINT "tutelary_notifications_emitida_por_users_id_fk" FOREIGN KEY ("emitida_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_periods" ADD CONSTRAINT "school_periods_ano_letivo_id_school_years_id_fk" FOREIGN KEY ("ano_letivo_id") REFERENCES "public"."school_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_absences_roll_student_unique" ON "attendance_absences" USING btree ("chamada_id","aluno_id");--> statement-breakpoint
CREATE INDEX "attendance_absences_aluno_idx" ON "attendance_absences" USING btree ("aluno_id");--> statement-breakpoint
CREATE INDEX "attendance_rolls_data_idx" ON "attendance_rolls" USING btree ("data");--> statement-breakpoint
CREATE INDEX "class_memberships_aluno_idx" ON "class_memberships" USING btree ("aluno_id");--> statement-breakpoint
CREATE INDEX "class_memberships_turma_idx" ON "class_memberships" USING btree ("turma_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "class_memberships_open_unique" ON "class_memberships" USING btree ("aluno_id") WHERE "class_memberships"."fim" is null;--> statement-breakpoint
CREATE INDEX "class_subjects_professor_idx" ON "class_subjects" USING btree ("professor_id");--> statement-breakpoint
CREATE INDEX "tutelary_notifications_aluno_idx" ON "tutelary_notifications" USING btree ("aluno_id","ano");--> statement-breakpoint
CREATE INDEX "calendar_entries_dates_idx" ON "calendar_entries" USING btree ("inicio","fim");--> statement-breakpoint
CREATE UNIQUE INDEX "school_periods_year_numero_unique" ON "school_periods" USING btree ("ano_letivo_id","numero");--> statement-breakpoint
CREATE INDEX "school_periods_dates_idx" ON "school_periods" USING btree ("inicio","fim");--> statement-breakpoint
CREATE UNIQUE INDEX "school_years_ano_unique" ON "school_years" USING btree ("ano");--> statement-breakpoint
-- hand-written: students already in a class start their membership history on their enrolment date.
INSERT INTO "class_memberships" ("aluno_id", "turma_id", "inicio")
SELECT "id", "turma_id", coalesce("data_enturmacao", "data_matricula")
FROM "students" WHERE "turma_id" IS NOT NULL AND "status" = 'ativo';
