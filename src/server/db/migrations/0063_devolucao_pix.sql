ALTER TABLE "pix_recebidos" ADD COLUMN "devolucao_id" text;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD COLUMN "devolucao_status" text;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD COLUMN "devolucao_solicitada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD COLUMN "devolucao_motivo" text;