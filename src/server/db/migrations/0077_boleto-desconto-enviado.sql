ALTER TABLE "boletos" ADD COLUMN "desconto_enviado" integer;--> statement-breakpoint
ALTER TABLE "boletos" ADD COLUMN "desconto_ate_enviado" date;