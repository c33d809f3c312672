ALTER TABLE "pre_matriculas" ADD COLUMN "pagamento_forma" text;--> statement-breakpoint
-- Fees recorded as paid before the form was asked (ADR 0101): the counter's usual form.
UPDATE "pre_matriculas" SET "pagamento_forma" = 'dinheiro' WHERE "pagamento_em" IS NOT NULL;
