-- hand-written: ADR 0081 gives the diário de classe a permission of its own, 'diario.read'. Before it, the
-- diary's API asked 'academics.read': a custom profile holding that one keeps reading the diary, now with
-- the screen as well. The built-in profiles take theirs from the code.
UPDATE "perfis" SET
  "permissoes" = "permissoes" || ARRAY['diario.read'],
  "version" = "version" + 1,
  "updated_at" = now()
WHERE "chave" IS NULL AND 'academics.read' = ANY("permissoes") AND NOT ('diario.read' = ANY("permissoes"));
