ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversation_messages" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;