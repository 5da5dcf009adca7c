DROP INDEX "applications_status_idx";--> statement-breakpoint
DROP INDEX "conversation_messages_thread_idx";--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("organization_id","status","assigned_to");--> statement-breakpoint
CREATE INDEX "conversation_messages_thread_idx" ON "conversation_messages" USING btree ("conversation_id","created_at","id","author_id");