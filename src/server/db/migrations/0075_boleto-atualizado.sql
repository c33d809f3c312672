ALTER TABLE "boletos" ADD COLUMN "multa" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boletos" ADD COLUMN "juros" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boletos" ADD COLUMN "vencimento_mensalidade" date;