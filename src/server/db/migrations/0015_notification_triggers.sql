CREATE TABLE "sign_in_fingerprints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensalidade_avisos" (
	"mensalidade_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensalidade_avisos_mensalidade_id_tipo_pk" PRIMARY KEY("mensalidade_id","tipo")
);
--> statement-breakpoint
ALTER TABLE "sign_in_fingerprints" ADD CONSTRAINT "sign_in_fingerprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensalidade_avisos" ADD CONSTRAINT "mensalidade_avisos_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_fingerprints_user_idx" ON "sign_in_fingerprints" USING btree ("user_id","created_at");