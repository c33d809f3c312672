DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
CREATE INDEX "comunicado_anexos_enviado_por_idx" ON "comunicado_anexos" USING btree ("enviado_por","created_at");--> statement-breakpoint
CREATE INDEX "comunicado_anexos_pendentes_idx" ON "comunicado_anexos" USING btree ("created_at") WHERE "comunicado_anexos"."comunicado_id" is null;--> statement-breakpoint
CREATE INDEX "school_documents_emitido_por_idx" ON "school_documents" USING btree ("emitido_por","emitido_em");--> statement-breakpoint
CREATE INDEX "mensagens_autor_idx" ON "mensagens" USING btree ("autor_id","created_at");--> statement-breakpoint
CREATE INDEX "consents_usuario_idx" ON "consents" USING btree ("usuario_id","registrado_em");--> statement-breakpoint
CREATE INDEX "data_requests_usuario_idx" ON "data_requests" USING btree ("usuario_id","criado_em");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");