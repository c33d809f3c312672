ALTER TABLE "mensalidades" ADD COLUMN "tipo" text DEFAULT 'mensalidade' NOT NULL;--> statement-breakpoint
-- The enrolment fees charged before the kind existed were told apart only by this note (ADR 0049):
-- they become fees, and the note, which only named them, goes.
UPDATE "mensalidades" SET "tipo" = 'taxa_matricula', "motivo_desconto" = NULL WHERE "motivo_desconto" = 'Taxa de matrícula';
