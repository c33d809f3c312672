CREATE TABLE "cnab_ocorrencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retorno_id" uuid NOT NULL,
	"banco" text NOT NULL,
	"convenio" text NOT NULL,
	"nosso_numero" text NOT NULL,
	"ocorrencia" text NOT NULL,
	"data_ocorrencia" date NOT NULL,
	"linha" integer NOT NULL,
	"mensalidade_id" uuid,
	"valor_titulo" integer DEFAULT 0 NOT NULL,
	"valor_pago" integer DEFAULT 0 NOT NULL,
	"acrescimos" integer DEFAULT 0 NOT NULL,
	"desconto" integer DEFAULT 0 NOT NULL,
	"tarifa" integer DEFAULT 0 NOT NULL,
	"motivo" text,
	"situacao" text NOT NULL,
	"observacao" text,
	"resolvido_por" uuid,
	"resolvido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cnab_remessas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"banco" text NOT NULL,
	"convenio" text NOT NULL,
	"nsa" integer NOT NULL,
	"data" date NOT NULL,
	"nome_arquivo" text NOT NULL,
	"conteudo" text NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_total" integer NOT NULL,
	"gerada_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cnab_retornos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"banco" text NOT NULL,
	"convenio" text NOT NULL,
	"nsa" integer NOT NULL,
	"nome_arquivo" text,
	"conteudo" text NOT NULL,
	"enviado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cnab_ocorrencias" ADD CONSTRAINT "cnab_ocorrencias_retorno_id_cnab_retornos_id_fk" FOREIGN KEY ("retorno_id") REFERENCES "public"."cnab_retornos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_ocorrencias" ADD CONSTRAINT "cnab_ocorrencias_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_ocorrencias" ADD CONSTRAINT "cnab_ocorrencias_resolvido_por_users_id_fk" FOREIGN KEY ("resolvido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_remessas" ADD CONSTRAINT "cnab_remessas_gerada_por_users_id_fk" FOREIGN KEY ("gerada_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_retornos" ADD CONSTRAINT "cnab_retornos_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cnab_ocorrencias_evento_unique" ON "cnab_ocorrencias" USING btree ("banco","convenio","nosso_numero","ocorrencia","data_ocorrencia");--> statement-breakpoint
CREATE INDEX "cnab_ocorrencias_a_conciliar_idx" ON "cnab_ocorrencias" USING btree ("created_at") WHERE "cnab_ocorrencias"."situacao" = 'a_conciliar';--> statement-breakpoint
CREATE UNIQUE INDEX "cnab_remessas_nsa_unique" ON "cnab_remessas" USING btree ("banco","convenio","nsa");