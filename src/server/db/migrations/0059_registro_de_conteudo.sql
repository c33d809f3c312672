ALTER TABLE "attendance_rolls" ADD COLUMN "conteudo" text;--> statement-breakpoint
ALTER TABLE "attendance_rolls" ADD COLUMN "atividades" text;