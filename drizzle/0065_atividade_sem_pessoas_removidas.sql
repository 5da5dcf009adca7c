ALTER TABLE "organization_activity" ADD COLUMN "alvo_pessoa_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_activity" ADD COLUMN "detalhe_pessoa_id" uuid;--> statement-breakpoint
CREATE INDEX "organization_activity_alvo_pessoa_idx" ON "organization_activity" USING btree ("alvo_pessoa_id");--> statement-breakpoint
CREATE INDEX "organization_activity_detalhe_pessoa_idx" ON "organization_activity" USING btree ("detalhe_pessoa_id");--> statement-breakpoint
-- The people earlier entries name, where the entry tells whom: members by their id, adopters by their application or conversation.
UPDATE "organization_activity" SET "alvo_pessoa_id" = "alvo_id" WHERE "acao" IN ('papel_alterado', 'membro_removido', 'conta_excluida') AND "alvo_id" IS NOT NULL;--> statement-breakpoint
UPDATE "organization_activity" AS a SET "alvo_pessoa_id" = ap."adopter_id" FROM "applications" AS ap WHERE a."acao" IN ('candidatura_movida', 'candidatura_atribuida', 'termo_emitido', 'termo_assinado') AND ap."id" = a."alvo_id";--> statement-breakpoint
UPDATE "organization_activity" AS a SET "alvo_pessoa_id" = c."adopter_id" FROM "conversations" AS c WHERE a."acao" = 'conversa_atribuida' AND c."id" = a."alvo_id";--> statement-breakpoint
-- Accounts already gone: their names leave the log now.
UPDATE "organization_activity" SET "actor_nome" = 'Pessoa removida' WHERE "actor_id" IS NULL;--> statement-breakpoint
UPDATE "organization_activity" AS a SET "alvo_nome" = 'Pessoa removida' WHERE a."acao" IN ('papel_alterado', 'membro_removido', 'conta_excluida') AND a."alvo_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = a."alvo_id");
