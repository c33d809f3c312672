-- hand-written: issue 16. Every write to the bell's rows NOTIFYs 'notificacoes_contagem' with the ids of
-- the accounts it touched (comma-separated; '*' when more than 100 or on TRUNCATE), so the unread-count
-- cache of every instance forgets them (features/notificacoes/unread-cache.ts). NOTIFY is delivered
-- only when the transaction commits. One notification per statement: a notice to 7,000 families is one '*'.
CREATE FUNCTION "notify_unread_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('notificacoes_contagem', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT CASE WHEN count(*) > 100 THEN '*' ELSE string_agg(usuario_id::text, ',') END INTO ids
    FROM (SELECT usuario_id FROM changed_rows UNION SELECT usuario_id FROM previous_rows) touched;
  ELSE
    SELECT CASE WHEN count(*) > 100 THEN '*' ELSE string_agg(usuario_id::text, ',') END INTO ids
    FROM (SELECT DISTINCT usuario_id FROM changed_rows) touched;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('notificacoes_contagem', ids);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notificacoes_contagem_insert" AFTER INSERT ON "notificacoes"
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_change();--> statement-breakpoint
CREATE TRIGGER "notificacoes_contagem_update" AFTER UPDATE ON "notificacoes"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_change();--> statement-breakpoint
CREATE TRIGGER "notificacoes_contagem_delete" AFTER DELETE ON "notificacoes"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_change();--> statement-breakpoint
CREATE TRIGGER "notificacoes_contagem_truncate" AFTER TRUNCATE ON "notificacoes"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_unread_change();
