DROP INDEX "mensalidades_aluno_mes_unique";--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "lote_id" uuid;--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "desfeita" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mensalidades_lote_idx" ON "mensalidades" USING btree ("lote_id") WHERE "mensalidades"."lote_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mensalidades_aluno_mes_unique" ON "mensalidades" USING btree ("aluno_id","mes_referencia") WHERE not "mensalidades"."desfeita";