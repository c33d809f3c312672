-- hand-written: a search for 'Joao' finds 'João', and 'Ágata' sorts among the a's. The embedded database
-- collates in byte order and ILIKE keeps the accents, so names are compared folded: lower case, with the
-- Portuguese accents taken off (upper-case ones too, for a database whose lower() keeps them). Immutable,
-- so indexes may be built on it (lib/text-search.ts; shared/format.ts foldText does the same in JavaScript).
CREATE FUNCTION "fold_text"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT translate(lower($1),
    'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ',
    'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')
$$;--> statement-breakpoint
DROP INDEX "students_nome_order_idx";--> statement-breakpoint
CREATE INDEX "students_nome_order_idx" ON "students" USING btree (fold_text("nome"),"id");--> statement-breakpoint
DROP INDEX "students_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin (fold_text("nome" || ' ' || "matricula" || ' ' || coalesce("email", '')) gin_trgm_ops);
