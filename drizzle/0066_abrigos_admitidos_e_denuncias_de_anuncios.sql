ALTER TYPE "public"."report_target" ADD VALUE 'anuncio';--> statement-breakpoint
CREATE TABLE "emergency_shelters" (
	"emergency_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"admitted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergency_shelters_emergency_id_organization_id_pk" PRIMARY KEY("emergency_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "emergency_shelters" ADD CONSTRAINT "emergency_shelters_emergency_id_emergencies_id_fk" FOREIGN KEY ("emergency_id") REFERENCES "public"."emergencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_shelters" ADD CONSTRAINT "emergency_shelters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_shelters" ADD CONSTRAINT "emergency_shelters_admitted_by_users_id_fk" FOREIGN KEY ("admitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;