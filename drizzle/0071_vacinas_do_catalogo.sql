ALTER TABLE "pet_health_entries" ADD COLUMN "vacina" varchar(20);--> statement-breakpoint
CREATE INDEX "pet_health_entries_unmatched_vaccine_idx" ON "pet_health_entries" USING btree ("pet_id") WHERE "pet_health_entries"."tipo" = 'vacina' and "pet_health_entries"."vacina" is null;--> statement-breakpoint
-- Each vaccine's name matched to the catalogue at the next start, and its animal's next dose worked
-- out again by it (recalculateNextDoses: the same rule as a new entry).
UPDATE "pets" SET "proxima_dose_a_recalcular" = true WHERE "id" IN (SELECT "pet_id" FROM "pet_health_entries" WHERE "tipo" = 'vacina');
