CREATE TABLE "student_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"em" timestamp with time zone NOT NULL,
	"aluno_id" uuid NOT NULL,
	"usuario_id" uuid,
	"usuario_nome" text,
	"nivel" text NOT NULL,
	"via" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_access_log" ADD CONSTRAINT "student_access_log_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_access_log_aluno_idx" ON "student_access_log" USING btree ("aluno_id","em");--> statement-breakpoint
CREATE INDEX "student_access_log_em_idx" ON "student_access_log" USING btree ("em");