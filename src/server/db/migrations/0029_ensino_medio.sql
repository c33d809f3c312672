CREATE TABLE "class_itinerarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"turma_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"tecnico" boolean DEFAULT false NOT NULL,
	"ordem" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "class_itinerarios_nome_unique" UNIQUE("turma_id","nome")
);
--> statement-breakpoint
CREATE TABLE "student_itinerarios" (
	"aluno_id" uuid NOT NULL,
	"turma_id" uuid NOT NULL,
	"itinerario_id" uuid NOT NULL,
	"escolhido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_itinerarios_aluno_id_turma_id_pk" PRIMARY KEY("aluno_id","turma_id")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "aula_minutos" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_subjects" ADD COLUMN "itinerario_id" uuid;--> statement-breakpoint
ALTER TABLE "class_itinerarios" ADD CONSTRAINT "class_itinerarios_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_itinerarios" ADD CONSTRAINT "student_itinerarios_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_itinerarios" ADD CONSTRAINT "student_itinerarios_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_itinerarios" ADD CONSTRAINT "student_itinerarios_itinerario_id_class_itinerarios_id_fk" FOREIGN KEY ("itinerario_id") REFERENCES "public"."class_itinerarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_itinerarios_itinerario_idx" ON "student_itinerarios" USING btree ("itinerario_id");--> statement-breakpoint
ALTER TABLE "class_subjects" ADD CONSTRAINT "class_subjects_itinerario_id_class_itinerarios_id_fk" FOREIGN KEY ("itinerario_id") REFERENCES "public"."class_itinerarios"("id") ON DELETE no action ON UPDATE no action;