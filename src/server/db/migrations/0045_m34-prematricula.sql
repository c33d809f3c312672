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
ALTER TABLE "pre_matriculas" ADD COLUMN "pagamento_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_matriculas" ADD COLUMN "lista_espera_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pre_matricula_documentos" ADD CONSTRAINT "pre_matricula_documentos_pre_matricula_id_pre_matriculas_id_fk" FOREIGN KEY ("pre_matricula_id") REFERENCES "public"."pre_matriculas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_matricula_documentos_idx" ON "pre_matricula_documentos" USING btree ("pre_matricula_id","tipo");