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
ALTER TABLE "planos_pagamento" ADD CONSTRAINT "planos_pagamento_anuidade_id_anuidades_id_fk" FOREIGN KEY ("anuidade_id") REFERENCES "public"."anuidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rematricula_lembretes" ADD CONSTRAINT "rematricula_lembretes_interessado_id_interessados_id_fk" FOREIGN KEY ("interessado_id") REFERENCES "public"."interessados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anuidades_ano_serie_idx" ON "anuidades" USING btree ("ano_letivo","serie");--> statement-breakpoint
CREATE INDEX "planos_pagamento_anuidade_idx" ON "planos_pagamento" USING btree ("anuidade_id","ordem");