CREATE TABLE "class_tuition" (
	"turma_id" uuid PRIMARY KEY NOT NULL,
	"valor_mensalidade" integer NOT NULL,
	"dia_vencimento" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pix_chave" text,
	"pix_beneficiario" text,
	"pix_cidade" text,
	"multa_bp" integer DEFAULT 200 NOT NULL,
	"juros_mensal_bp" integer DEFAULT 100 NOT NULL,
	"dia_vencimento_padrao" integer DEFAULT 10 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_settings_single_row" CHECK ("finance_settings"."id" = 1),
	CONSTRAINT "finance_settings_multa_max" CHECK ("finance_settings"."multa_bp" between 0 and 200)
);
--> statement-breakpoint
CREATE TABLE "mensalidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aluno_id" uuid NOT NULL,
	"turma_id" uuid,
	"mes_referencia" text NOT NULL,
	"data_vencimento" date NOT NULL,
	"valor_original" integer NOT NULL,
	"valor" integer NOT NULL,
	"motivo_desconto" text,
	"principal_pago" integer DEFAULT 0 NOT NULL,
	"multa_paga" integer DEFAULT 0 NOT NULL,
	"juros_pagos" integer DEFAULT 0 NOT NULL,
	"data_pagamento" date,
	"cancelada_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensalidades_valor_positive" CHECK ("mensalidades"."valor" >= 0 and "mensalidades"."valor_original" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pagamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mensalidade_id" uuid NOT NULL,
	"valor_pago" integer NOT NULL,
	"principal" integer NOT NULL,
	"multa" integer NOT NULL,
	"juros" integer NOT NULL,
	"data_pagamento" date NOT NULL,
	"forma" text NOT NULL,
	"registrado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_discounts" (
	"aluno_id" uuid PRIMARY KEY NOT NULL,
	"bolsa_bp" integer NOT NULL,
	"motivo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"categoria" text NOT NULL,
	"valor" integer NOT NULL,
	"data" date NOT NULL,
	"forma_pagamento" text,
	"status" text NOT NULL,
	"pagamento_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transacoes_valor_positive" CHECK ("transacoes"."valor" > 0)
);
--> statement-breakpoint
ALTER TABLE "class_tuition" ADD CONSTRAINT "class_tuition_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensalidades" ADD CONSTRAINT "mensalidades_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensalidades" ADD CONSTRAINT "mensalidades_turma_id_classes_id_fk" FOREIGN KEY ("turma_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_mensalidade_id_mensalidades_id_fk" FOREIGN KEY ("mensalidade_id") REFERENCES "public"."mensalidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_discounts" ADD CONSTRAINT "student_discounts_aluno_id_students_id_fk" FOREIGN KEY ("aluno_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacoes" ADD CONSTRAINT "transacoes_pagamento_id_pagamentos_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mensalidades_aluno_mes_unique" ON "mensalidades" USING btree ("aluno_id","mes_referencia");--> statement-breakpoint
CREATE INDEX "mensalidades_mes_idx" ON "mensalidades" USING btree ("mes_referencia");--> statement-breakpoint
CREATE INDEX "mensalidades_vencimento_idx" ON "mensalidades" USING btree ("data_vencimento");--> statement-breakpoint
CREATE INDEX "mensalidades_turma_idx" ON "mensalidades" USING btree ("turma_id");--> statement-breakpoint
CREATE INDEX "mensalidades_abertas_idx" ON "mensalidades" USING btree ("data_vencimento") WHERE "mensalidades"."cancelada_em" is null and "mensalidades"."principal_pago" < "mensalidades"."valor";--> statement-breakpoint
CREATE INDEX "mensalidades_pagamento_idx" ON "mensalidades" USING btree ("data_pagamento");--> statement-breakpoint
CREATE INDEX "pagamentos_mensalidade_idx" ON "pagamentos" USING btree ("mensalidade_id");--> statement-breakpoint
CREATE INDEX "transacoes_data_idx" ON "transacoes" USING btree ("data");--> statement-breakpoint
CREATE INDEX "transacoes_tipo_data_idx" ON "transacoes" USING btree ("tipo","data");--> statement-breakpoint
CREATE UNIQUE INDEX "transacoes_pagamento_unique" ON "transacoes" USING btree ("pagamento_id") WHERE "transacoes"."pagamento_id" is not null;