DROP INDEX "applications_caretaker_idx";--> statement-breakpoint
DROP INDEX "applications_status_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_organization_idx" ON "applications" USING btree ("organization_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_assigned_idx" ON "applications" USING btree ("assigned_to","created_at" DESC NULLS FIRST) WHERE "applications"."assigned_to" is not null;--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("organization_id","status");