CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"nivel" text NOT NULL,
	"serie" text NOT NULL,
	"turno" text NOT NULL,
	"ano_letivo" text NOT NULL,
	"capacidade_maxima" integer DEFAULT 25 NOT NULL,
	"professor_responsavel_id" uuid,
	"observacoes" text,
	"status" text DEFAULT 'ativo' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"email" text,
	"telefone" text NOT NULL,
	"cpf" text,
	"endereco" text,
	"observacoes" text,
	"usuario_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_guardians" (
	"aluno_id" uuid NOT NULL,
	"responsavel_id" uuid NOT NULL,
	"parentesco" text NOT NULL,
	"eh_principal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_guardians_aluno_id_responsavel_id_pk" PRIMARY KEY("aluno_id","responsavel_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"data_nascimento" date NOT NULL,
	"matricula" text NOT NULL,
	"email" text,
	"telefone" text,
	"endereco" text,
	"cpf" text,
	"turma_id" uuid,
	"data_enturmacao" date,
	"data_matricula" date DEFAULT CURRENT_DATE NOT NULL,
	"status" text DEFAULT 'ativo' NOT NULL,
	"observacoes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" text,
	"disciplinas" text[] DEFAULT '{}'::text[] NOT NULL,
	"data_contratacao" date,
	"status" text DEFAULT 'ativo' NOT NULL,
	"usuario_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_professor_responsavel_id_teachers_id_fk" FOREIGN KEY ("professor_responsavel_id") REFERENCES "public"."teachers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardians" ADD CONSTRAINT "student_guardians_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classes_professor_idx" ON "classes" USING btree ("professor_responsavel_id");--> statement-breakpoint
CREATE INDEX "classes_nome_lower_idx" ON "classes" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_cpf_unique" ON "guardians" USING btree ("cpf") WHERE "guardians"."cpf" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_usuario_unique" ON "guardians" USING btree ("usuario_id") WHERE "guardians"."usuario_id" is not null;--> statement-breakpoint
CREATE INDEX "guardians_email_idx" ON "guardians" USING btree ("email");--> statement-breakpoint
CREATE INDEX "student_guardians_responsavel_idx" ON "student_guardians" USING btree ("responsavel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_guardians_principal_unique" ON "student_guardians" USING btree ("aluno_id") WHERE "student_guardians"."eh_principal";--> statement-breakpoint
CREATE UNIQUE INDEX "students_matricula_unique" ON "students" USING btree ("matricula");--> statement-breakpoint
CREATE UNIQUE INDEX "students_cpf_unique" ON "students" USING btree ("cpf") WHERE "students"."cpf" is not null;--> statement-breakpoint
CREATE INDEX "students_turma_idx" ON "students" USING btree ("turma_id");--> statement-breakpoint
CREATE INDEX "students_status_idx" ON "students" USING btree ("status");--> statement-breakpoint
CREATE INDEX "students_nome_lower_idx" ON "students" USING btree (lower("nome"));--> statement-breakpoint
CREATE INDEX "students_data_matricula_idx" ON "students" USING btree ("data_matricula");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_email_unique" ON "teachers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_usuario_unique" ON "teachers" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "teachers_nome_lower_idx" ON "teachers" USING btree (lower("nome"));