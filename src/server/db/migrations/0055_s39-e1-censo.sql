CREATE TABLE "censo_arquivo_partes" (
	"tarefa_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "censo_arquivo_partes_tarefa_id_n_pk" PRIMARY KEY("tarefa_id","n")
);
--> statement-breakpoint
CREATE TABLE "censo_arquivo_tarefas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ano" integer NOT NULL,
	"etapa" text NOT NULL,
	"status" text DEFAULT 'na_fila' NOT NULL,
	"feitos" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pendencias_total" integer,
	"pendencias" jsonb,
	"arquivo_nome" text,
	"bytes" integer,
	"aluno_ids" jsonb,
	"erro" text,
	"usuario_id" uuid,
	"iniciado_por_nome" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "censo_arquivo_partes" ADD CONSTRAINT "censo_arquivo_partes_tarefa_id_censo_arquivo_tarefas_id_fk" FOREIGN KEY ("tarefa_id") REFERENCES "public"."censo_arquivo_tarefas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censo_arquivo_tarefas" ADD CONSTRAINT "censo_arquivo_tarefas_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "censo_arquivo_tarefas_ano_idx" ON "censo_arquivo_tarefas" USING btree ("ano","etapa","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "censo_arquivo_tarefas_ativa_idx" ON "censo_arquivo_tarefas" USING btree ("ano","etapa") WHERE status in ('na_fila', 'executando');