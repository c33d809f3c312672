ALTER TABLE "teachers" ADD COLUMN "cpf" text;--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_cpf_unique" ON "teachers" USING btree ("cpf") WHERE "teachers"."cpf" is not null;