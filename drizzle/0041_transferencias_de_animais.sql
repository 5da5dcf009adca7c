CREATE TYPE "public"."pet_transfer_status" AS ENUM('pendente', 'aceita', 'recusada', 'cancelada');--> statement-breakpoint
CREATE TABLE "pet_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"from_organization_id" uuid NOT NULL,
	"to_organization_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" "pet_transfer_status" DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pet_transfers" ADD CONSTRAINT "pet_transfers_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_transfers" ADD CONSTRAINT "pet_transfers_from_organization_id_organizations_id_fk" FOREIGN KEY ("from_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_transfers" ADD CONSTRAINT "pet_transfers_to_organization_id_organizations_id_fk" FOREIGN KEY ("to_organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_transfers" ADD CONSTRAINT "pet_transfers_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_transfers" ADD CONSTRAINT "pet_transfers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pet_transfers_pending_idx" ON "pet_transfers" USING btree ("pet_id") WHERE "pet_transfers"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "pet_transfers_to_idx" ON "pet_transfers" USING btree ("to_organization_id","status");--> statement-breakpoint
CREATE INDEX "pet_transfers_from_idx" ON "pet_transfers" USING btree ("from_organization_id","status");