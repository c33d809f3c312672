CREATE TABLE "rectification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"avaliacao_id" uuid NOT NULL,
	"aluno_id" uuid NOT NULL,
	"antes" numeric(5, 1),
	"depois" numeric(5, 1),
	"motivo" text NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"solicitado_por_id" uuid,
	"solicitado_por_nome" text,
	"solicitado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"resposta" text,
	"decidido_por_id" uuid,
	"decidido_por_nome" text,
	"decidido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_avaliacao_id_assessments_id_fk" FOREIGN KEY ("avaliacao_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_solicitado_por_id_users_id_fk" FOREIGN KEY ("solicitado_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rectification_requests" ADD CONSTRAINT "rectification_requests_decidido_por_id_users_id_fk" FOREIGN KEY ("decidido_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rectification_requests_pending_unique" ON "rectification_requests" USING btree ("avaliacao_id","aluno_id") WHERE "rectification_requests"."situacao" = 'pendente';--> statement-breakpoint
CREATE INDEX "rectification_requests_situacao_idx" ON "rectification_requests" USING btree ("situacao","solicitado_em");--> statement-breakpoint
CREATE INDEX "rectification_requests_solicitante_idx" ON "rectification_requests" USING btree ("solicitado_por_id","solicitado_em");