CREATE TABLE "fiscal_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cnpj" text,
	"inscricao_municipal" text,
	"municipio_ibge" text,
	"regime" text DEFAULT 'simples_nacional' NOT NULL,
	"codigo_tributacao_nacional" text DEFAULT '080101' NOT NULL,
	"codigo_nbs" text,
	"ibscbs_ind_op" text,
	"ibscbs_cst" text,
	"ibscbs_class_trib" text,
	"aliquota_iss_bp" integer DEFAULT 200 NOT NULL,
	"ambiente" text DEFAULT 'producao_restrita' NOT NULL,
	"serie" text DEFAULT '1' NOT NULL,
	"proximo_numero_dps" bigint DEFAULT 1 NOT NULL,
	"somente_pagas" boolean DEFAULT false NOT NULL,
	"url_producao_restrita" text,
	"url_producao" text,
	"certificado_cifrado" text,
	"senha_certificado_cifrada" text,
	"certificado_titular" text,
	"certificado_cnpj" text,
	"certificado_valido_de" timestamp with time zone,
	"certificado_valido_ate" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_config_single_row" CHECK ("fiscal_config"."id" = 1),
	CONSTRAINT "fiscal_config_aliquota" CHECK ("fiscal_config"."aliquota_iss_bp" between 0 and 500),
	CONSTRAINT "fiscal_config_proximo_dps" CHECK ("fiscal_config"."proximo_numero_dps" >= 1)
);
--> statement-breakpoint
CREATE TABLE "nfse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lote_id" uuid,
	"mensalidade_id" uuid NOT NULL,
	"aluno_id" uuid NOT NULL,
	"competencia" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"ambiente" text NOT NULL,
	"serie" text NOT NULL,
	"numero_dps" bigint NOT NULL,
	"id_dps" text NOT NULL,
	"valor" integer NOT NULL,
	"tomador_nome" text NOT NULL,
	"tomador_cpf" text,
	"xml_dps" text,
	"xml_nfse" text,
	"numero" text,
	"chave_acesso" text,
	"codigo_rejeicao" text,
	"motivo" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"emitida_em" timestamp with time zone,
	"cancelada_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"xml_evento_cancelamento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfse_lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"competencia" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"criado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nfse" ADD CONSTRAINT "nfse_lote_id_nfse_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."nfse_lotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse" ADD CONSTRAINT "nfse_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse" ADD CONSTRAINT "nfse_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_lotes" ADD CONSTRAINT "nfse_lotes_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_id_dps_unique" ON "nfse" USING btree ("id_dps");--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_chave_unique" ON "nfse" USING btree ("chave_acesso") WHERE "nfse"."chave_acesso" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_mensalidade_viva_unique" ON "nfse" USING btree ("mensalidade_id") WHERE "nfse"."status" in ('pendente', 'emitida');--> statement-breakpoint
CREATE INDEX "nfse_competencia_idx" ON "nfse" USING btree ("competencia");--> statement-breakpoint
CREATE INDEX "nfse_lote_idx" ON "nfse" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "nfse_aluno_idx" ON "nfse" USING btree ("aluno_id");--> statement-breakpoint
CREATE INDEX "nfse_lotes_competencia_idx" ON "nfse_lotes" USING btree ("competencia");