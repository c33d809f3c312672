ALTER TABLE "year_closures" ADD COLUMN "regras" jsonb;--> statement-breakpoint
-- hand-written: a closed year keeps the 'Acadêmico' rules it was closed with (year_closures.regras).
-- Years closed before this column existed get the rules in force now, the best record there is of the
-- ones they were closed with; from here on a change in Configurações → Acadêmico no longer reaches them.
-- The defaults fill any key the stored document lacks (as defaultAcademicSettings in grades.schemas.ts).
UPDATE "year_closures" SET "regras" = '{"escala":"0-10","conceitos":{"A":9,"B":7,"C":6,"D":4,"E":0},"recuperacao":"substitui_se_maior","media_anual":"media_periodos","pesos_periodos":[],"media_aprovacao":6,"frequencia_minima":true}'::jsonb
  || coalesce((SELECT "value" FROM "settings" WHERE "key" = 'academico'), '{}'::jsonb)
WHERE "regras" IS NULL;
