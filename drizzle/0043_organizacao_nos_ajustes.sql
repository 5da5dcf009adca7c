-- drizzle-kit cannot name an inline primary key: the three "_pkey" drops below are PostgreSQL's
-- default names, filled in where it asks to.
ALTER TABLE "followup_settings" DROP CONSTRAINT "followup_settings_pkey";--> statement-breakpoint
ALTER TABLE "followup_settings" ALTER COLUMN "caretaker_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaires" DROP CONSTRAINT "questionnaires_pkey";--> statement-breakpoint
ALTER TABLE "questionnaires" ALTER COLUMN "caretaker_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "termo_templates" DROP CONSTRAINT "termo_templates_pkey";--> statement-breakpoint
ALTER TABLE "termo_templates" ALTER COLUMN "caretaker_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "followup_settings" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "termo_templates" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "termos" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_settings" ADD CONSTRAINT "followup_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_templates" ADD CONSTRAINT "termo_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termos" ADD CONSTRAINT "termos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adoptions_organization_idx" ON "adoptions" USING btree ("organization_id","adopted_at");--> statement-breakpoint
CREATE INDEX "termos_organization_idx" ON "termos" USING btree ("organization_id");