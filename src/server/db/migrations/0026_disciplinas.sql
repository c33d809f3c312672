CREATE TABLE "disciplinas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"area" text NOT NULL,
	"componente_bncc" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"ordem" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "disciplinas_nome_lower_unique" ON "disciplinas" USING btree (lower("nome"));--> statement-breakpoint
-- hand-written: issue 31 §2, ADR 0023. The 14 subjects the product had as a fixed list become the
-- school's catalogue (the same rows as `defaultDisciplinas` in src/shared/disciplinas.schemas.ts), so an
-- existing school keeps every subject it used and a new one starts with them.
INSERT INTO "disciplinas" ("nome", "area", "componente_bncc", "ordem") VALUES
  ('Matemática', 'Matemática', 'Matemática', 1),
  ('Português', 'Linguagens', 'Língua Portuguesa', 2),
  ('História', 'Ciências Humanas', 'História', 3),
  ('Geografia', 'Ciências Humanas', 'Geografia', 4),
  ('Ciências', 'Ciências da Natureza', 'Ciências', 5),
  ('Biologia', 'Ciências da Natureza', 'Biologia', 6),
  ('Física', 'Ciências da Natureza', 'Física', 7),
  ('Química', 'Ciências da Natureza', 'Química', 8),
  ('Inglês', 'Linguagens', 'Língua Inglesa', 9),
  ('Educação Física', 'Linguagens', 'Educação Física', 10),
  ('Arte', 'Linguagens', 'Arte', 11),
  ('Música', 'Linguagens', 'Arte', 12),
  ('Filosofia', 'Ciências Humanas', 'Filosofia', 13),
  ('Sociologia', 'Ciências Humanas', 'Sociologia', 14);
