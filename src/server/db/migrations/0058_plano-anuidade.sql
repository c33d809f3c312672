ALTER TABLE "mensalidades" ADD COLUMN "anuidade_ano" integer;--> statement-breakpoint
-- The plan charges made before this column: their batch is named in the audit of the online enrolment.
UPDATE "mensalidades" SET "anuidade_ano" = ("audit_log"."details" ->> 'ano')::integer
FROM "audit_log"
WHERE "audit_log"."action" = 'gerar_mensalidades'
  AND "audit_log"."details" ->> 'origem' = 'matricula_online'
  AND "audit_log"."details" ->> 'lote_id' = "mensalidades"."lote_id"::text;
