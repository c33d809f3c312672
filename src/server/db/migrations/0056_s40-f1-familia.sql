-- Custom SQL migration file, put your code below! --
-- hand-written: issue 38 (part s40-f1-familia). The school-wide rows every family home reads (the school
-- years and periods, the calendar, the settings, the closed years' rules, the finance settings and the
-- consent purposes) are cached per process at the 'school' record version (lib/school-cache.ts, ADR 0009):
-- every write to one of these tables moves the version in its own transaction, and the family home reads
-- the version in the same statement as the family's children, so a change shows on the next home on
-- every instance.
INSERT INTO record_versions (name, version) VALUES ('school', nextval('record_versions_seq'))
  ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "school_years_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school_years"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');--> statement-breakpoint
CREATE TRIGGER "school_periods_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school_periods"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');--> statement-breakpoint
CREATE TRIGGER "calendar_entries_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "calendar_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');--> statement-breakpoint
CREATE TRIGGER "settings_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');--> statement-breakpoint
CREATE TRIGGER "year_closures_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "year_closures"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');--> statement-breakpoint
CREATE TRIGGER "finance_settings_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "finance_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');--> statement-breakpoint
CREATE TRIGGER "consent_purposes_school_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consent_purposes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_record_version('school');
