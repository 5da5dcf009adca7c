CREATE TABLE "sponsorship_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsorship_id" uuid NOT NULL,
	"mes" varchar(7) NOT NULL,
	"valor_centavos" integer NOT NULL,
	"txid" varchar(25) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"valor_mensal_centavos" integer NOT NULL,
	"dia" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"motivo_fim" varchar(10)
);
--> statement-breakpoint
ALTER TABLE "sponsorship_charges" ADD CONSTRAINT "sponsorship_charges_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_charges_month_idx" ON "sponsorship_charges" USING btree ("sponsorship_id","mes");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_charges_txid_idx" ON "sponsorship_charges" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_active_idx" ON "sponsorships" USING btree ("user_id","pet_id") WHERE "sponsorships"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "sponsorships_pet_idx" ON "sponsorships" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "sponsorships_day_idx" ON "sponsorships" USING btree ("dia") WHERE "sponsorships"."ended_at" is null;