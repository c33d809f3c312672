CREATE TABLE "comunicado_envios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comunicado_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"usuario_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comunicado_envios" ADD CONSTRAINT "comunicado_envios_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_envios_comunicado_idx" ON "comunicado_envios" USING btree ("comunicado_id");