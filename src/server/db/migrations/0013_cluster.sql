CREATE TABLE "job_slots" (
	"name" text NOT NULL,
	"slot" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_slots_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_at_idx" ON "rate_limit_hits" USING btree ("reset_at");--> statement-breakpoint
-- hand-written: a change to what a per-process cache holds is notified on 'cache_changed' with the
-- cache's name, so every instance sharing the database drops it (db/cache-bus.ts, ADR 0015). One
-- NOTIFY per statement, delivered when the transaction commits (identical ones in a transaction fold).
CREATE FUNCTION "notify_cache_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changed', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "content_sections_cache_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_sections"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('content');--> statement-breakpoint
CREATE TRIGGER "settings_cache_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('settings');--> statement-breakpoint
CREATE TRIGGER "school_years_cache_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school_years"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('calendar');--> statement-breakpoint
CREATE TRIGGER "school_periods_cache_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school_periods"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('calendar');--> statement-breakpoint
CREATE TRIGGER "calendar_entries_cache_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('calendar');
