CREATE TABLE "absence_justifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"data" date NOT NULL,
	"motivo" text NOT NULL,
	"arquivo_nome" text,
	"arquivo_tipo" text,
	"arquivo_tamanho" integer,
	"arquivo" "bytea",
	"situacao" text DEFAULT 'enviada' NOT NULL,
	"resposta" text,
	"enviada_por" uuid,
	"enviada_por_nome" text NOT NULL,
	"respondida_por" uuid,
	"respondida_por_nome" text,
	"respondida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_justifications_situacao_check" CHECK ("absence_justifications"."situacao" in ('enviada', 'aceita', 'recusada'))
);
--> statement-breakpoint
ALTER TABLE "absence_justifications" ADD CONSTRAINT "absence_justifications_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justifications" ADD CONSTRAINT "absence_justifications_enviada_por_users_id_fk" FOREIGN KEY ("enviada_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_justifications" ADD CONSTRAINT "absence_justifications_respondida_por_users_id_fk" FOREIGN KEY ("respondida_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_justifications_aluno_idx" ON "absence_justifications" USING btree ("aluno_id","data");--> statement-breakpoint
CREATE INDEX "absence_justifications_situacao_idx" ON "absence_justifications" USING btree ("situacao","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "absence_justifications_pending_unique" ON "absence_justifications" USING btree ("aluno_id","data") WHERE "absence_justifications"."situacao" = 'enviada';