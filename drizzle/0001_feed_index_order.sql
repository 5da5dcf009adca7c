DROP INDEX "messages_inbox_idx";--> statement-breakpoint
DROP INDEX "messages_sender_idx";--> statement-breakpoint
DROP INDEX "pets_feed_idx";--> statement-breakpoint
DROP INDEX "pets_city_feed_idx";--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("recipient_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pets_feed_idx" ON "pets" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pets_city_feed_idx" ON "pets" USING btree ("status","cidade_busca","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);