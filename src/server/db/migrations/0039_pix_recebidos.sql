CREATE TABLE "pix_recebidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id_externo" text NOT NULL,
	"tipo" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"txid" text,
	"valor" bigint NOT NULL,
	"horario" text NOT NULL,
	"info_pagador" text,
	"pagador_nome" text,
	"dados" jsonb NOT NULL,
	"origem" text NOT NULL,
	"situacao" text NOT NULL,
	"motivo" text,
	"mensalidade_id" uuid,
	"pagamento_id" uuid,
	"transacao_id" uuid,
	"resolvido_por" uuid,
	"resolvido_em" timestamp with time zone,
	"observacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_pagamento_id_pagamentos_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_transacao_id_transacoes_id_fk" FOREIGN KEY ("transacao_id") REFERENCES "public"."transacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recebidos" ADD CONSTRAINT "pix_recebidos_resolvido_por_users_id_fk" FOREIGN KEY ("resolvido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recebidos_id_externo_unique" ON "pix_recebidos" USING btree ("id_externo");--> statement-breakpoint
CREATE INDEX "pix_recebidos_a_conciliar_idx" ON "pix_recebidos" USING btree ("created_at") WHERE "pix_recebidos"."situacao" = 'a_conciliar';--> statement-breakpoint
CREATE INDEX "pix_recebidos_mensalidade_idx" ON "pix_recebidos" USING btree ("mensalidade_id");--> statement-breakpoint
CREATE INDEX "pix_recebidos_end_to_end_idx" ON "pix_recebidos" USING btree ("end_to_end_id");