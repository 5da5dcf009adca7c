CREATE TABLE "emergencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" varchar(80) NOT NULL,
	"cidades" integer[] NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lost_found_reports" ADD COLUMN "emergency_id" uuid;--> statement-breakpoint
ALTER TABLE "lost_found_reports" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_reports" ADD CONSTRAINT "lost_found_reports_emergency_id_emergencies_id_fk" FOREIGN KEY ("emergency_id") REFERENCES "public"."emergencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_reports" ADD CONSTRAINT "lost_found_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lost_found_emergency_idx" ON "lost_found_reports" USING btree ("emergency_id","data" DESC NULLS FIRST) WHERE "lost_found_reports"."emergency_id" is not null;