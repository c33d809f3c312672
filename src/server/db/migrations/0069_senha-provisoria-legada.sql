-- ADR 0105: a provisional password made before ADR 0102 (no expiry) now lasts seven days from this
-- upgrade, as a new one does. Not an administrator's: the first one's password is printed on the server's
-- console and may not have been used yet, and the school must never lose its only way in.
UPDATE "users"
SET "senha_provisoria_expira_em" = now() + interval '7 days'
WHERE "primeiro_login" AND "senha_provisoria_expira_em" IS NULL AND "nivel" <> 'administrador';
