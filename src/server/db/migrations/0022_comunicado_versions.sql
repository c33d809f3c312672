CREATE TABLE "comunicado_cientes" (
	"comunicado_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"versao" integer NOT NULL,
	"ciente_em" timestamp with time zone NOT NULL,
	CONSTRAINT "comunicado_cientes_comunicado_id_usuario_id_versao_pk" PRIMARY KEY("comunicado_id","usuario_id","versao")
);
--> statement-breakpoint
CREATE TABLE "comunicado_versoes" (
	"comunicado_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"titulo" text NOT NULL,
	"corpo" text NOT NULL,
	"exige_ciente" boolean NOT NULL,
	"anexos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"publicada_em" timestamp with time zone NOT NULL,
	"autor_id" uuid,
	"autor_nome" text NOT NULL,
	CONSTRAINT "comunicado_versoes_comunicado_id_numero_pk" PRIMARY KEY("comunicado_id","numero")
);
--> statement-breakpoint
ALTER TABLE "comunicado_anexos" ADD COLUMN "removido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comunicados" ADD COLUMN "resumo" text;--> statement-breakpoint
ALTER TABLE "comunicados" ADD COLUMN "versao_texto" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "comunicados" ADD COLUMN "removido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comunicados" ADD COLUMN "removido_por" uuid;--> statement-breakpoint
ALTER TABLE "comunicados" ADD COLUMN "removido_por_nome" text;--> statement-breakpoint
ALTER TABLE "comunicado_cientes" ADD CONSTRAINT "comunicado_cientes_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_cientes" ADD CONSTRAINT "comunicado_cientes_versao_fk" FOREIGN KEY ("comunicado_id","versao") REFERENCES "public"."comunicado_versoes"("comunicado_id","numero") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_versoes" ADD CONSTRAINT "comunicado_versoes_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_versoes" ADD CONSTRAINT "comunicado_versoes_autor_id_users_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_cientes_usuario_idx" ON "comunicado_cientes" USING btree ("usuario_id");--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_removido_por_users_id_fk" FOREIGN KEY ("removido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicados_sem_resumo_idx" ON "comunicados" USING btree ("id") WHERE "comunicados"."resumo" is null;--> statement-breakpoint
-- hand-written: every notice already published gets its text as version 1, with the attachments it has
-- now, and every ciente already given is recorded on that version. (A notice edited after a ciente before
-- this migration kept only its last text: that is the version 1 on record.) The summaries
-- (comunicados.resumo) are computed by the program, not here: the parser is shared/rich-text.ts, and the
-- job poll fills every row without one (publishDueComunicados' neighbour, fillMissingSummaries).
INSERT INTO "comunicado_versoes" ("comunicado_id", "numero", "titulo", "corpo", "exige_ciente", "anexos", "publicada_em", "autor_id", "autor_nome")
SELECT c."id", 1, c."titulo", c."corpo", c."exige_ciente",
  coalesce((SELECT jsonb_agg(jsonb_build_object('id', a."id", 'nome', a."nome", 'tipo', a."mime_type", 'tamanho', a."tamanho") ORDER BY a."created_at")
            FROM "comunicado_anexos" a WHERE a."comunicado_id" = c."id"), '[]'::jsonb),
  c."publicado_em", c."autor_id", c."autor_nome"
FROM "comunicados" c
WHERE c."publicado_em" IS NOT NULL;--> statement-breakpoint
INSERT INTO "comunicado_cientes" ("comunicado_id", "usuario_id", "versao", "ciente_em")
SELECT d."comunicado_id", d."usuario_id", 1, d."ciente_em"
FROM "comunicado_destinatarios" d
JOIN "comunicados" c ON c."id" = d."comunicado_id" AND c."publicado_em" IS NOT NULL
WHERE d."ciente_em" IS NOT NULL;
