CREATE TABLE "blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blocker_id" uuid NOT NULL,
	"blocked_user_id" uuid,
	"phone_key" varchar(64),
	"descricao" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_one_target" CHECK (("blocks"."blocked_user_id" is null) <> ("blocks"."phone_key" is null))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "adopter_whatsapp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "caretaker_whatsapp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_user_id_users_id_fk" FOREIGN KEY ("blocked_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_user_idx" ON "blocks" USING btree ("blocker_id","blocked_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_phone_idx" ON "blocks" USING btree ("blocker_id","phone_key");--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_user_id");--> statement-breakpoint
-- A signed-in person's contact messages become their conversations' messages (issue 20), under
-- the same ids (reports name them), read and notified as they were. A visitor's stay as they are.
INSERT INTO "conversations" ("pet_id", "adopter_id", "caretaker_id", "created_at")
SELECT DISTINCT ON ("pet_id", "sender_id") "pet_id", "sender_id", "recipient_id", "created_at"
FROM "messages"
WHERE "sender_id" IS NOT NULL AND "sender_id" <> "recipient_id"
ORDER BY "pet_id", "sender_id", "created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "conversation_messages" ("id", "conversation_id", "author_id", "texto", "created_at", "read_at", "notified_at")
SELECT m."id", c."id", m."sender_id", m."texto", m."created_at", m."read_at", coalesce(m."notified_at", m."created_at")
FROM "messages" m
JOIN "conversations" c ON c."pet_id" = m."pet_id" AND c."adopter_id" = m."sender_id"
WHERE m."sender_id" IS NOT NULL AND m."sender_id" <> m."recipient_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "conversations" c SET "last_message_at" = moved."latest"
FROM (
  SELECT cm."conversation_id", max(cm."created_at") AS "latest"
  FROM "conversation_messages" cm JOIN "messages" m ON m."id" = cm."id"
  GROUP BY cm."conversation_id"
) moved
WHERE moved."conversation_id" = c."id" AND (c."last_message_at" IS NULL OR c."last_message_at" < moved."latest");--> statement-breakpoint
-- A report on such a message now names its conversation.
UPDATE "reports" r SET "alvo_id" = cm."conversation_id"
FROM "conversation_messages" cm JOIN "messages" m ON m."id" = cm."id"
WHERE r."alvo_tipo" = 'conversa' AND r."alvo_id" = cm."id";--> statement-breakpoint
DELETE FROM "messages" m
WHERE m."sender_id" IS NOT NULL AND m."sender_id" <> m."recipient_id"
  AND EXISTS (SELECT 1 FROM "conversation_messages" cm WHERE cm."id" = m."id");
