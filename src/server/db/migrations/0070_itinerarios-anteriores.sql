CREATE TABLE "student_itinerarios_anteriores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"turma_id" uuid NOT NULL,
	"itinerario_id" uuid NOT NULL,
	"ate" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_itinerarios_anteriores" ADD CONSTRAINT "student_itinerarios_anteriores_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_itinerarios_anteriores" ADD CONSTRAINT "student_itinerarios_anteriores_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_itinerarios_anteriores" ADD CONSTRAINT "student_itinerarios_anteriores_itinerario_id_class_itinerarios_id_fk" FOREIGN KEY ("itinerario_id") REFERENCES "public"."class_itinerarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_itinerarios_anteriores_turma_idx" ON "student_itinerarios_anteriores" USING btree ("turma_id","aluno_id");--> statement-breakpoint
CREATE INDEX "student_itinerarios_anteriores_itinerario_idx" ON "student_itinerarios_anteriores" USING btree ("itinerario_id");