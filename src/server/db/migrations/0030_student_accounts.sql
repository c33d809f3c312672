CREATE TABLE "student_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"consentimento_responsavel_id" uuid,
	"consentimento_responsavel_nome" text NOT NULL,
	"consentimento_meio" text NOT NULL,
	"consentimento_em" timestamp with time zone NOT NULL,
	"registrado_por_id" uuid,
	"registrado_por_nome" text,
	"desativacao_pedida_em" timestamp with time zone,
	"desativacao_pedida_por_nome" text,
	"desativacao_motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_consentimento_responsavel_id_guardians_id_fk" FOREIGN KEY ("consentimento_responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_accounts" ADD CONSTRAINT "student_accounts_registrado_por_id_users_id_fk" FOREIGN KEY ("registrado_por_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_accounts_aluno_unique" ON "student_accounts" USING btree ("aluno_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_accounts_usuario_unique" ON "student_accounts" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "student_accounts_pedido_idx" ON "student_accounts" USING btree ("desativacao_pedida_em");