CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"pet_id" uuid,
	"charge_id" uuid,
	"valor_centavos" integer NOT NULL,
	"data" date NOT NULL,
	"origem" varchar(7) NOT NULL,
	"txid" varchar(25),
	"doador" varchar(120),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"pet_id" uuid,
	"categoria" varchar(12) NOT NULL,
	"valor_centavos" integer NOT NULL,
	"data" date NOT NULL,
	"descricao" varchar(300),
	"comprovante_tipo" varchar(8),
	"comprovante" "bytea",
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"chave" varchar(400) NOT NULL,
	"data" date NOT NULL,
	"valor_centavos" integer NOT NULL,
	"descricao" varchar(300) NOT NULL,
	"status" varchar(10) NOT NULL,
	"donation_id" uuid,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "transparencia_publica" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "nome_publico" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_charge_id_sponsorship_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."sponsorship_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_organization_day_idx" ON "donations" USING btree ("organization_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_charge_idx" ON "donations" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "expenses_organization_day_idx" ON "expenses" USING btree ("organization_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_key_idx" ON "statement_lines" USING btree ("organization_id","chave");--> statement-breakpoint
CREATE INDEX "statement_lines_pending_idx" ON "statement_lines" USING btree ("organization_id","data") WHERE "statement_lines"."status" = 'pendente';