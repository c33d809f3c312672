CREATE TABLE "pix_automatico_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"agencia" text,
	"conta" text,
	"tipo_conta" text,
	"indisponivel_em" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_automatico_config_single_row" CHECK ("pix_automatico_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "pix_cobrancas_recorrentes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recorrencia_id" uuid NOT NULL,
	"mensalidade_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"status" text NOT NULL,
	"valor" integer NOT NULL,
	"data_vencimento" date NOT NULL,
	"erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_recorrencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"responsavel_id" uuid NOT NULL,
	"id_rec" text NOT NULL,
	"status" text NOT NULL,
	"valor_maximo" integer NOT NULL,
	"data_inicial" date NOT NULL,
	"contrato" text NOT NULL,
	"copia_e_cola" text NOT NULL,
	"location" text NOT NULL,
	"encerrada_por" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_cobrancas_recorrentes" ADD CONSTRAINT "pix_cobrancas_recorrentes_recorrencia_id_pix_recorrencias_id_fk" FOREIGN KEY ("recorrencia_id") REFERENCES "public"."pix_recorrencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_cobrancas_recorrentes" ADD CONSTRAINT "pix_cobrancas_recorrentes_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recorrencias" ADD CONSTRAINT "pix_recorrencias_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recorrencias" ADD CONSTRAINT "pix_recorrencias_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_cobrancas_recorrentes_txid_unique" ON "pix_cobrancas_recorrentes" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_cobrancas_recorrentes_mensalidade_unique" ON "pix_cobrancas_recorrentes" USING btree ("mensalidade_id");--> statement-breakpoint
CREATE INDEX "pix_cobrancas_recorrentes_recorrencia_idx" ON "pix_cobrancas_recorrentes" USING btree ("recorrencia_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recorrencias_id_rec_unique" ON "pix_recorrencias" USING btree ("id_rec");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_recorrencias_viva_unique" ON "pix_recorrencias" USING btree ("aluno_id") WHERE "pix_recorrencias"."status" in ('aguardando', 'ativa');