ALTER TABLE "guardians" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "anonimizado_em" timestamp with time zone;