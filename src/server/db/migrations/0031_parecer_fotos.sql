CREATE TABLE "parecer_fotos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parecer_id" uuid NOT NULL,
	"mime_type" text NOT NULL,
	"largura" integer NOT NULL,
	"altura" integer NOT NULL,
	"tamanho" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"enviado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parecer_fotos" ADD CONSTRAINT "parecer_fotos_parecer_id_pareceres_id_fk" FOREIGN KEY ("parecer_id") REFERENCES "public"."pareceres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parecer_fotos" ADD CONSTRAINT "parecer_fotos_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parecer_fotos_parecer_idx" ON "parecer_fotos" USING btree ("parecer_id");
