CREATE TABLE "organization_pix" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"chave" varchar(77) NOT NULL,
	"nome_recebedor" varchar(25) NOT NULL,
	"cidade_recebedor" varchar(15) NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_pix" ADD CONSTRAINT "organization_pix_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_pix" ADD CONSTRAINT "organization_pix_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;