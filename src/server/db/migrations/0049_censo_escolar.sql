CREATE TABLE "censo_alunos" (
	"aluno_id" uuid PRIMARY KEY NOT NULL,
	"inep_id" text,
	"cor_raca" text,
	"nacionalidade" text,
	"pais_nacionalidade" text,
	"municipio_nascimento" text,
	"filiacao" text,
	"filiacao_1" text,
	"filiacao_2" text,
	"deficiencias" text[] DEFAULT '{}'::text[] NOT NULL,
	"recursos_saeb" text[] DEFAULT '{}'::text[] NOT NULL,
	"transporte_publico" boolean,
	"transporte_poder_publico" text,
	"transporte_veiculos" text[] DEFAULT '{}'::text[] NOT NULL,
	"certidao_nascimento" text,
	"pais_residencia" text,
	"cep_residencia" text,
	"municipio_residencia" text,
	"zona_residencia" text,
	"localizacao_diferenciada" text,
	"motivo_saida" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "censo_matriculas" (
	"aluno_id" uuid NOT NULL,
	"turma_id" uuid NOT NULL,
	"inep_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "censo_matriculas_aluno_id_turma_id_pk" PRIMARY KEY("aluno_id","turma_id")
);
--> statement-breakpoint
CREATE TABLE "censo_profissionais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professor_id" uuid,
	"nome" text,
	"cpf" text,
	"email" text,
	"inep_id" text,
	"data_nascimento" date,
	"sexo" text,
	"cor_raca" text,
	"nacionalidade" text,
	"pais_nacionalidade" text,
	"municipio_nascimento" text,
	"filiacao" text,
	"filiacao_1" text,
	"filiacao_2" text,
	"deficiencias" text[] DEFAULT '{}'::text[] NOT NULL,
	"pais_residencia" text,
	"cep_residencia" text,
	"municipio_residencia" text,
	"zona_residencia" text,
	"localizacao_diferenciada" text,
	"escolaridade" text,
	"tipo_ensino_medio" text,
	"cursos_superiores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pos_graduacoes" text[] DEFAULT '{}'::text[] NOT NULL,
	"formacao_continuada" text[] DEFAULT '{}'::text[] NOT NULL,
	"funcao" text,
	"vinculo" text,
	"gestor_cargo" text,
	"gestor_criterio_acesso" text,
	"gestor_vinculo" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "censo_turmas" (
	"turma_id" uuid PRIMARY KEY NOT NULL,
	"inep_id" text,
	"tipo_mediacao" text,
	"hora_inicio" text,
	"hora_fim" text,
	"dias" text[] DEFAULT '{}'::text[] NOT NULL,
	"tipo_atendimento" text,
	"etapa" text,
	"local_diferenciado" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disciplinas" ADD COLUMN "codigo_inep" text;--> statement-breakpoint
ALTER TABLE "censo_alunos" ADD CONSTRAINT "censo_alunos_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censo_matriculas" ADD CONSTRAINT "censo_matriculas_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censo_matriculas" ADD CONSTRAINT "censo_matriculas_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censo_profissionais" ADD CONSTRAINT "censo_profissionais_professor_id_teachers_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "censo_turmas" ADD CONSTRAINT "censo_turmas_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "censo_matriculas_turma_idx" ON "censo_matriculas" USING btree ("turma_id");--> statement-breakpoint
CREATE UNIQUE INDEX "censo_profissionais_professor_unique" ON "censo_profissionais" USING btree ("professor_id") WHERE "censo_profissionais"."professor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "censo_profissionais_cpf_unique" ON "censo_profissionais" USING btree ("cpf") WHERE "censo_profissionais"."cpf" is not null;