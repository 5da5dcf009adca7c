DROP INDEX "pet_health_entries_pet_next_dose_idx";--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "proxima_dose" date;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "proxima_dose_a_recalcular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "pets_organization_foster_need_idx" ON "pets" USING btree ("organization_id","lar_urgente","status") WHERE "pets"."precisa_lar_temporario" and "pets"."status" = 'disponivel';--> statement-breakpoint
CREATE INDEX "pets_organization_next_dose_idx" ON "pets" USING btree ("organization_id","proxima_dose","status") WHERE "pets"."proxima_dose" is not null;--> statement-breakpoint
CREATE INDEX "pets_next_dose_to_recalculate_idx" ON "pets" USING btree ("id") WHERE "pets"."proxima_dose_a_recalcular";--> statement-breakpoint
-- Worked out from each record at the next start (recalculateNextDoses: the same rule as the pages).
UPDATE "pets" SET "proxima_dose_a_recalcular" = true WHERE "id" IN (SELECT "pet_id" FROM "pet_health_entries" WHERE "proxima_dose" IS NOT NULL);
