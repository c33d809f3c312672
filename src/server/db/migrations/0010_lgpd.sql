CREATE TABLE "guardian_email_changes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"responsavel_id" uuid NOT NULL,
	"novo_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardian_email_changes" ADD CONSTRAINT "guardian_email_changes_responsavel_id_guardians_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_email_changes_responsavel_idx" ON "guardian_email_changes" USING btree ("responsavel_id");