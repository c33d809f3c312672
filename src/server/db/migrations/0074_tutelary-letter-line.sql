ALTER TABLE "tutelary_notifications" ADD COLUMN "aulas_previstas_ano" integer;--> statement-breakpoint
ALTER TABLE "tutelary_notifications" ADD COLUMN "limite_conselho" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "tutelary_notifications" ADD COLUMN "etapa" text;