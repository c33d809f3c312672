ALTER TABLE "finance_settings" ADD COLUMN "desconto_pontualidade_tipo" text DEFAULT 'nenhum' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "desconto_pontualidade_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "desconto_pontualidade_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "desconto_pontualidade_dias_antes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mensalidades" ADD COLUMN "desconto_concedido" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "desconto" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_cobrancas" ADD COLUMN "desconto_enviado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_desconto_pontualidade" CHECK ("finance_settings"."desconto_pontualidade_bp" between 0 and 5000 and "finance_settings"."desconto_pontualidade_centavos" >= 0 and "finance_settings"."desconto_pontualidade_dias_antes" between 0 and 28);--> statement-breakpoint
-- hand-written: every school had no desconto de pontualidade (ADR 0046) and no payment recorded so far
-- granted one (the defaults say so; written out so the carried-forward state is explicit). Charges already
-- at the PSP keep their settings fingerprint (ADR 0048): with no discount it is unchanged, so none is revised.
UPDATE "finance_settings" SET "desconto_pontualidade_tipo" = 'nenhum', "desconto_pontualidade_bp" = 0, "desconto_pontualidade_centavos" = 0, "desconto_pontualidade_dias_antes" = 0;--> statement-breakpoint
UPDATE "pagamentos" SET "desconto" = 0 WHERE "desconto" <> 0;--> statement-breakpoint
UPDATE "mensalidades" SET "desconto_concedido" = 0 WHERE "desconto_concedido" <> 0;
