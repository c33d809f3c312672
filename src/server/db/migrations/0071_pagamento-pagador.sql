ALTER TABLE "pagamentos" ADD COLUMN "pagador_id" uuid;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_pagador_id_guardians_id_fk" FOREIGN KEY ("pagador_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagamentos_pagador_idx" ON "pagamentos" USING btree ("pagador_id");--> statement-breakpoint
-- ADR 0112: the payments recorded before the payer of record was kept get the best available answer,
-- the child's principal guardian today (the one the declaração para o Imposto de Renda used to list
-- them under). A child with no principal today leaves them null: the declaration falls back.
UPDATE "pagamentos" AS p
SET "pagador_id" = sg."responsavel_id"
FROM "mensalidades" AS m, "student_guardians" AS sg
WHERE m."id" = p."mensalidade_id" AND sg."aluno_id" = m."aluno_id" AND sg."eh_principal"
  AND p."pagador_id" IS NULL;
