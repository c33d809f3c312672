ALTER TABLE "students" ADD COLUMN "data_saida" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "escola_destino" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "municipio_destino" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "uf_destino" text;