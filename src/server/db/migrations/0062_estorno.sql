ALTER TABLE "pagamentos" ADD COLUMN "origem" text DEFAULT 'escola' NOT NULL;--> statement-breakpoint
-- Payments the bank tied to their tuition before the column existed: a Pix that paid its charge or Pix
-- Automático (applied by the system, no person), and a boleto's liquidação read from a CNAB retorno.
UPDATE "pagamentos" SET "origem" = 'banco' WHERE "registrado_por" IS NULL OR "id" IN (SELECT "pagamento_id" FROM "pix_recebidos" WHERE "situacao" = 'pago' AND "pagamento_id" IS NOT NULL);--> statement-breakpoint
UPDATE "pagamentos" p SET "origem" = 'banco' WHERE p."forma" = 'boleto' AND EXISTS (SELECT 1 FROM "cnab_ocorrencias" o WHERE o."mensalidade_id" = p."mensalidade_id" AND o."situacao" = 'aplicada' AND o."ocorrencia" IN ('06', '17') AND o."valor_pago" = p."valor_pago" AND o."data_ocorrencia" = p."data_pagamento");
