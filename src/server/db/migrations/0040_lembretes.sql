CREATE TABLE "lembrete_configuracoes" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"ativo" boolean DEFAULT false NOT NULL,
	"antes_ativo" boolean DEFAULT true NOT NULL,
	"antes_dias" integer DEFAULT 3 NOT NULL,
	"depois_ativo" boolean DEFAULT true NOT NULL,
	"depois_dias" integer DEFAULT 1 NOT NULL,
	"atraso_ativo" boolean DEFAULT true NOT NULL,
	"atraso_dias" integer DEFAULT 7 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lembrete_configuracoes_single_row" CHECK ("lembrete_configuracoes"."id" = 1),
	CONSTRAINT "lembrete_configuracoes_dias" CHECK ("lembrete_configuracoes"."antes_dias" between 1 and 15 and "lembrete_configuracoes"."depois_dias" between 1 and 60 and "lembrete_configuracoes"."atraso_dias" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "mensalidade_lembretes" (
	"mensalidade_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"tipo" text NOT NULL,
	"valor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensalidade_lembretes_mensalidade_id_dia_pk" PRIMARY KEY("mensalidade_id","dia")
);
--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "negociacao_desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "negociacao_motivo" text;--> statement-breakpoint
ALTER TABLE "mensalidade_lembretes" ADD CONSTRAINT "mensalidade_lembretes_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mensalidade_lembretes_dia_idx" ON "mensalidade_lembretes" USING btree ("dia");