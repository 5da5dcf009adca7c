-- Issue 43: what a team member wrote in the organisation's conversations stays when their account
-- goes (author_id set null: the team's side, since an adopter's going takes the conversation).
ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "conversation_messages" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;