CREATE TABLE "idempotency_keys" (
	"usuario_id" uuid NOT NULL,
	"chave" text NOT NULL,
	"pedido_hash" text NOT NULL,
	"status" smallint,
	"resposta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_usuario_id_chave_pk" PRIMARY KEY("usuario_id","chave")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_usuario_id_users_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expira_em_idx" ON "idempotency_keys" USING btree ("expira_em");