CREATE TABLE "comunicado_anexos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comunicado_id" uuid,
	"nome" text NOT NULL,
	"mime_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"enviado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comunicado_destinatarios" (
	"comunicado_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"aluno_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"entregue_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lido_em" timestamp with time zone,
	"ciente_em" timestamp with time zone,
	"lembrete_em" timestamp with time zone,
	CONSTRAINT "comunicado_destinatarios_comunicado_id_usuario_id_pk" PRIMARY KEY("comunicado_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "comunicados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo" text NOT NULL,
	"corpo" text NOT NULL,
	"publico" jsonb NOT NULL,
	"publico_descricao" text NOT NULL,
	"exige_ciente" boolean DEFAULT false NOT NULL,
	"publicar_em" timestamp with time zone NOT NULL,
	"publicado_em" timestamp with time zone,
	"expira_em" timestamp with time zone,
	"autor_id" uuid,
	"autor_nome" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversa_leituras" (
	"conversa_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"lida_ate" timestamp with time zone NOT NULL,
	CONSTRAINT "conversa_leituras_conversa_id_usuario_id_pk" PRIMARY KEY("conversa_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "conversas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"responsavel_usuario_id" uuid NOT NULL,
	"destino" text NOT NULL,
	"professor_id" uuid,
	"assunto" text NOT NULL,
	"ultima_mensagem_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversa_id" uuid NOT NULL,
	"autor_id" uuid,
	"autor_nome" text NOT NULL,
	"lado" text NOT NULL,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entregas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"canal" text NOT NULL,
	"destino" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"usuario_id" uuid,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"ultimo_erro" text,
	"enviado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao_preferencias" (
	"usuario_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	CONSTRAINT "notificacao_preferencias_usuario_id_tipo_pk" PRIMARY KEY("usuario_id","tipo")
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"link" text,
	"lida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comunicado_anexos" ADD CONSTRAINT "comunicado_anexos_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_anexos" ADD CONSTRAINT "comunicado_anexos_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_destinatarios" ADD CONSTRAINT "comunicado_destinatarios_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_destinatarios" ADD CONSTRAINT "comunicado_destinatarios_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversa_leituras" ADD CONSTRAINT "conversa_leituras_conversa_id_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversa_leituras" ADD CONSTRAINT "conversa_leituras_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversas" ADD CONSTRAINT "conversas_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversas" ADD CONSTRAINT "conversas_responsavel_usuario_id_users_id_fk" FOREIGN KEY ("responsavel_usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversas" ADD CONSTRAINT "conversas_professor_id_teachers_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_conversa_id_conversas_id_fk" FOREIGN KEY ("conversa_id") REFERENCES "public"."conversas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_preferencias" ADD CONSTRAINT "notificacao_preferencias_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_anexos_comunicado_idx" ON "comunicado_anexos" USING btree ("comunicado_id");--> statement-breakpoint
CREATE INDEX "comunicado_destinatarios_usuario_idx" ON "comunicado_destinatarios" USING btree ("usuario_id","entregue_em");--> statement-breakpoint
CREATE INDEX "comunicados_autor_idx" ON "comunicados" USING btree ("autor_id","created_at");--> statement-breakpoint
CREATE INDEX "comunicados_agendados_idx" ON "comunicados" USING btree ("publicar_em") WHERE "comunicados"."publicado_em" is null;--> statement-breakpoint
CREATE INDEX "conversas_responsavel_idx" ON "conversas" USING btree ("responsavel_usuario_id","ultima_mensagem_em");--> statement-breakpoint
CREATE INDEX "conversas_professor_idx" ON "conversas" USING btree ("professor_id","ultima_mensagem_em");--> statement-breakpoint
CREATE INDEX "mensagens_conversa_idx" ON "mensagens" USING btree ("conversa_id","created_at");--> statement-breakpoint
CREATE INDEX "entregas_pendentes_idx" ON "entregas" USING btree ("proxima_tentativa") WHERE "entregas"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "entregas_status_idx" ON "entregas" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "notificacoes_usuario_idx" ON "notificacoes" USING btree ("usuario_id","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_nao_lidas_idx" ON "notificacoes" USING btree ("usuario_id") WHERE "notificacoes"."lida_em" is null;