DROP INDEX "nfse_mensalidade_viva_unique";--> statement-breakpoint
ALTER TABLE "nfse" ADD COLUMN "tomador_id" uuid;--> statement-breakpoint
ALTER TABLE "nfse" ADD CONSTRAINT "nfse_tomador_id_guardians_id_fk" FOREIGN KEY ("tomador_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- ADR 0114: a note issued before the tomador was kept by id is tied to the student's guardian whose CPF it
-- carries (the note itself is not changed). None matching (no CPF, a guardian since unlinked): null.
UPDATE "nfse" AS n
SET "tomador_id" = (
  SELECT g."id" FROM "student_guardians" AS sg JOIN "guardians" AS g ON g."id" = sg."responsavel_id"
  WHERE sg."aluno_id" = n."aluno_id" AND regexp_replace(coalesce(g."cpf", ''), '\D', '', 'g') = n."tomador_cpf"
  ORDER BY sg."eh_principal" DESC, g."id" LIMIT 1
)
WHERE n."tomador_cpf" IS NOT NULL AND n."tomador_cpf" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_mensalidade_tomador_viva_unique" ON "nfse" USING btree ("mensalidade_id",coalesce("tomador_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "nfse"."status" in ('pendente', 'emitida');--> statement-breakpoint
CREATE INDEX "nfse_tomador_idx" ON "nfse" USING btree ("tomador_id");
