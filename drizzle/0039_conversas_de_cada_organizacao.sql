-- Issue 43: each conversation belongs to the organisation that owns its animal, whose
-- administradores and equipe answer it from now on; a WhatsApp the caretaker shared stays theirs.
UPDATE "conversations" SET "organization_id" = "p"."organization_id" FROM "pets" "p" WHERE "p"."id" = "conversations"."pet_id";
--> statement-breakpoint
UPDATE "conversations" SET "caretaker_whatsapp_by" = "caretaker_id" WHERE "caretaker_whatsapp_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "organization_id" SET NOT NULL;
