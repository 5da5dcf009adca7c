CREATE TABLE "former_administrators" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "former_administrators_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "admin_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "admin_trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "former_administrators" ADD CONSTRAINT "former_administrators_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "former_administrators" ADD CONSTRAINT "former_administrators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;