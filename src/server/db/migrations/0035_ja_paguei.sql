CREATE TABLE "comprovantes_pagamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mensalidade_id" uuid NOT NULL,
	"data_referencia" date NOT NULL,
	"valor_devido" integer NOT NULL,
	"nome" text NOT NULL,
	"mime_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"enviado_por" uuid,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"resposta" text,
	"respondido_por" uuid,
	"respondido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "confirmacao_desde" date;--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "comprovante_recusa" text;--> statement-breakpoint
ALTER TABLE "comprovantes_pagamento" ADD CONSTRAINT "comprovantes_pagamento_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprovantes_pagamento" ADD CONSTRAINT "comprovantes_pagamento_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprovantes_pagamento" ADD CONSTRAINT "comprovantes_pagamento_respondido_por_users_id_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprovantes_pagamento_mensalidade_idx" ON "comprovantes_pagamento" USING btree ("mensalidade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "comprovantes_pagamento_aguardando_unique" ON "comprovantes_pagamento" USING btree ("mensalidade_id") WHERE "comprovantes_pagamento"."situacao" = 'aguardando';