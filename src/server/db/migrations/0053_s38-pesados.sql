CREATE TABLE "year_end_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ano_letivo_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'na_fila' NOT NULL,
	"etapa" text,
	"feitos" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"resultado" jsonb,
	"erro" text,
	"iniciado_por_nome" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "year_end_tasks" ADD CONSTRAINT "year_end_tasks_ano_letivo_id_school_years_id_fk" FOREIGN KEY ("ano_letivo_id") REFERENCES "public"."school_years"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "year_end_tasks_ano_idx" ON "year_end_tasks" USING btree ("ano_letivo_id","criado_em");