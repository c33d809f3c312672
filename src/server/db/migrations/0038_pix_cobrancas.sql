CREATE TABLE "pix_cobrancas" (
	"mensalidade_id" uuid PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"geracao" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"erro" text,
	"location" text,
	"revisao" integer,
	"valor_enviado" integer,
	"vencimento_enviado" date,
	"validade_apos_vencimento" integer,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"reservada_ate" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_cobrancas" ADD CONSTRAINT "pix_cobrancas_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_cobrancas_txid_unique" ON "pix_cobrancas" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "pix_cobrancas_trabalho_idx" ON "pix_cobrancas" USING btree ("proxima_tentativa") WHERE "pix_cobrancas"."status" in ('pendente', 'erro');