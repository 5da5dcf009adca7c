ALTER TYPE "public"."application_status" ADD VALUE 'devolvida';--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "devolvida_em" timestamp with time zone;--> statement-breakpoint
-- Animals published again before returns were recorded: their adoptions ended then (the follow-up stops).
UPDATE "adoptions" SET "devolvida_em" = now() WHERE "devolvida_em" IS NULL AND "pet_id" IN (SELECT "id" FROM "pets" WHERE (CASE WHEN "status" = 'oculto' THEN "status_before_hidden" ELSE "status" END) <> 'adotado');
