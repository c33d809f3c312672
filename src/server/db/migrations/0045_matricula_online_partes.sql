CREATE TABLE "anuidade_publicacoes" (
	"ano_letivo" integer PRIMARY KEY NOT NULL,
	"publicado_em" timestamp with time zone NOT NULL,
	"conteudo" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anuidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ano_letivo" integer NOT NULL,
	"serie" text NOT NULL,
	"valor_anual_centavos" integer NOT NULL,
	"prazo_matricula" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anuidades_valor_positivo" CHECK ("anuidades"."valor_anual_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "matriculas_configuracoes" (
	"id" integer PRIMARY KEY NOT NULL,
	"recusar_inadimplentes" boolean DEFAULT false NOT NULL,
	"mensagem_inadimplencia" text NOT NULL,
	"rematricula_aplica" text DEFAULT 'todos' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planos_pagamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anuidade_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"parcelas" integer NOT NULL,
	"valor_parcela_centavos" integer NOT NULL,
	"taxa_matricula_centavos" integer DEFAULT 0 NOT NULL,
	"padrao" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planos_pagamento_parcelas" CHECK ("planos_pagamento"."parcelas" between 1 and 12),
	CONSTRAINT "planos_pagamento_valores" CHECK ("planos_pagamento"."valor_parcela_centavos" >= 0 and "planos_pagamento"."taxa_matricula_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rematricula_lembretes" (
	"interessado_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rematricula_lembretes_interessado_id_dia_pk" PRIMARY KEY("interessado_id","dia")
);
--> statement-breakpoint
CREATE TABLE "rematricula_rodadas" (
	"ano_letivo" integer PRIMARY KEY NOT NULL,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contrato_assinaturas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contrato_id" uuid NOT NULL,
	"papel" text NOT NULL,
	"ordem" integer NOT NULL,
	"nome" text NOT NULL,
	"cpf" text,
	"email" text NOT NULL,
	"token_hash" text DEFAULT gen_random_uuid()::text NOT NULL,
	"token_expira_em" timestamp with time zone NOT NULL,
	"codigo_hash" text,
	"codigo_expira_em" timestamp with time zone,
	"codigo_tentativas" integer DEFAULT 0 NOT NULL,
	"codigo_enviado_em" timestamp with time zone,
	"codigos_enviados" integer DEFAULT 0 NOT NULL,
	"canal" text,
	"codigo_verificado_em" timestamp with time zone,
	"assinado_em" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrato_assinaturas_papel" CHECK ("contrato_assinaturas"."papel" in ('responsavel_financeiro','segundo_responsavel','escola'))
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interessado_id" uuid,
	"modelo_id" uuid NOT NULL,
	"modelo_versao" integer NOT NULL,
	"campos" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"codigo_validacao" text NOT NULL,
	"status" text DEFAULT 'aguardando' NOT NULL,
	"pdf_assinado" "bytea",
	"assinado_em" timestamp with time zone,
	"anulado_em" timestamp with time zone,
	"motivo_anulacao" text,
	"enviado_por_id" uuid,
	"enviado_por_nome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratos_status" CHECK ("contratos"."status" in ('aguardando','assinado','anulado'))
);
--> statement-breakpoint
CREATE TABLE "contratos_configuracao" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"exigir_segundo_responsavel" boolean DEFAULT false NOT NULL,
	"representante_nome" text,
	"representante_cpf" text,
	"representante_email" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratos_configuracao_um" CHECK ("contratos_configuracao"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "modelos_contrato" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"versao" integer NOT NULL,
	"titulo" text NOT NULL,
	"corpo" text NOT NULL,
	"autor_id" uuid,
	"autor_nome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matricula_online_config" (
	"id" integer PRIMARY KEY NOT NULL,
	"documentos" jsonb NOT NULL,
	"exigir_pagamento" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matricula_online_config_singleton" CHECK ("matricula_online_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "pre_matricula_documentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pre_matricula_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"nome" text NOT NULL,
	"mime_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pre_matriculas" ALTER COLUMN "token_hash" SET DEFAULT gen_random_uuid()::text;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "pagamento_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "lista_espera_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "planos_pagamento" ADD CONSTRAINT "planos_pagamento_anuidade_id_anuidades_id_fk" FOREIGN KEY ("anuidade_id") REFERENCES "public"."anuidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rematricula_lembretes" ADD CONSTRAINT "rematricula_lembretes_interessado_id_interessados_id_fk" FOREIGN KEY ("interessado_id") REFERENCES "public"."interessados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_assinaturas" ADD CONSTRAINT "contrato_assinaturas_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_interessado_id_interessados_id_fk" FOREIGN KEY ("interessado_id") REFERENCES "public"."interessados"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_modelo_id_modelos_contrato_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelos_contrato"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_enviado_por_id_users_id_fk" FOREIGN KEY ("enviado_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos_contrato" ADD CONSTRAINT "modelos_contrato_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_matricula_documentos" ADD CONSTRAINT "pre_matricula_documentos_pre_matricula_id_pre_matriculas_id_fk" FOREIGN KEY ("pre_matricula_id") REFERENCES "public"."pre_matriculas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anuidades_ano_serie_idx" ON "anuidades" USING btree ("ano_letivo","serie");--> statement-breakpoint
CREATE INDEX "planos_pagamento_anuidade_idx" ON "planos_pagamento" USING btree ("anuidade_id","ordem");--> statement-breakpoint
CREATE UNIQUE INDEX "contrato_assinaturas_token_idx" ON "contrato_assinaturas" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contrato_assinaturas_contrato_idx" ON "contrato_assinaturas" USING btree ("contrato_id","ordem");--> statement-breakpoint
CREATE UNIQUE INDEX "contratos_codigo_idx" ON "contratos" USING btree ("codigo_validacao");--> statement-breakpoint
CREATE INDEX "contratos_interessado_idx" ON "contratos" USING btree ("interessado_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "modelos_contrato_versao_idx" ON "modelos_contrato" USING btree ("versao");--> statement-breakpoint
CREATE INDEX "pre_matricula_documentos_idx" ON "pre_matricula_documentos" USING btree ("pre_matricula_id","tipo");