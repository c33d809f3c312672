ALTER TABLE "student_itinerarios_anteriores" ADD COLUMN "escolhido_em" date;--> statement-breakpoint
-- ADR 0115: the rows kept before it did not record the day their choice was made. Until now a choice after
-- a change counted from that change's day: that is the backfill (the figures stay as they were), and the
-- first choice of the year keeps null (it counts from the year's start, as before).
UPDATE "student_itinerarios_anteriores" AS "row" SET "escolhido_em" = "before"."ate"
FROM (
  SELECT "id", lag("ate") OVER (PARTITION BY "aluno_id", "turma_id" ORDER BY "ate", "id") AS "ate"
  FROM "student_itinerarios_anteriores"
) AS "before"
WHERE "before"."id" = "row"."id" AND "before"."ate" IS NOT NULL;
