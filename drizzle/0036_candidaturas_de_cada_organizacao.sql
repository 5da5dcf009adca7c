-- Issue 43: each application belongs to the organisation that owns its animal, whose
-- administradores and equipe read and move it from now on.
UPDATE "applications" SET "organization_id" = "p"."organization_id" FROM "pets" "p" WHERE "p"."id" = "applications"."pet_id";
--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "organization_id" SET NOT NULL;
