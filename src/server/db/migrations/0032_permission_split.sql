-- hand-written: ADR 0031 splits 'comunicados.write' (to the whole school or to classes) and 'reports.read'
-- (academic or secretaria reports). A custom profile holding an old one holds both of its parts, so
-- nobody loses what they could do; the built-in profiles take theirs from the code.
UPDATE "perfis" SET
  "permissoes" = array_remove(array_remove("permissoes", 'comunicados.write'), 'reports.read')
    || CASE WHEN 'comunicados.write' = ANY("permissoes")
         THEN ARRAY['comunicados.escola', 'comunicados.turmas'] ELSE '{}'::text[] END
    || CASE WHEN 'reports.read' = ANY("permissoes")
         THEN ARRAY['reports.academico', 'reports.secretaria'] ELSE '{}'::text[] END,
  "version" = "version" + 1,
  "updated_at" = now()
WHERE "permissoes" && ARRAY['comunicados.write', 'reports.read']::text[];
