CREATE TYPE "public"."visit_place" AS ENUM('casa_de_quem_adota', 'lar_temporario');--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visita_local" "visit_place";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visita_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visita_placement_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_visita_placement_id_foster_placements_id_fk" FOREIGN KEY ("visita_placement_id") REFERENCES "public"."foster_placements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_visit_placement_idx" ON "applications" USING btree ("visita_placement_id") WHERE "applications"."visita_placement_id" is not null;