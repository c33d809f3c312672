CREATE TABLE "boleto_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"banco" text,
	"agencia" text,
	"conta" text,
	"carteira" text,
	"convenio" text,
	"proximo_nosso_numero" integer DEFAULT 1 NOT NULL,
	"instrucoes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boleto_config_single_row" CHECK ("boleto_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "boletos" (
	"mensalidade_id" uuid PRIMARY KEY NOT NULL,
	"banco" text NOT NULL,
	"convenio" text NOT NULL,
	"carteira" text NOT NULL,
	"nosso_numero" text NOT NULL,
	"vencimento" date NOT NULL,
	"valor" integer NOT NULL,
	"codigo_barras" text NOT NULL,
	"linha_digitavel" text NOT NULL,
	"situacao" text DEFAULT 'a_registrar' NOT NULL,
	"movimento_pendente" text DEFAULT 'entrada',
	"remessa_id" uuid,
	"motivo_rejeicao" text,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "cep" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "logradouro" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "complemento" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "bairro" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "cidade" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD COLUMN "uf" text;--> statement-breakpoint
ALTER TABLE "boletos" ADD CONSTRAINT "boletos_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boletos_nosso_numero_unique" ON "boletos" USING btree ("banco","convenio","nosso_numero");--> statement-breakpoint
CREATE INDEX "boletos_movimento_idx" ON "boletos" USING btree ("banco") WHERE "boletos"."movimento_pendente" is not null;