ALTER TABLE "conversas" ADD COLUMN "iniciada_por" text DEFAULT 'familia' NOT NULL;--> statement-breakpoint
ALTER TABLE "mensagens" ADD COLUMN "entrega_em" timestamp with time zone;