CREATE TABLE "foster_placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"foster_id" uuid,
	"inicio" date NOT NULL,
	"fim_previsto" date,
	"fim" date,
	"placed_by" uuid,
	"ended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "precisa_lar_temporario" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "lar_urgente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "prazo_lar" date;--> statement-breakpoint
ALTER TABLE "foster_placements" ADD CONSTRAINT "foster_placements_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_placements" ADD CONSTRAINT "foster_placements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_placements" ADD CONSTRAINT "foster_placements_foster_id_users_id_fk" FOREIGN KEY ("foster_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_placements" ADD CONSTRAINT "foster_placements_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foster_placements" ADD CONSTRAINT "foster_placements_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "foster_placements_current_idx" ON "foster_placements" USING btree ("pet_id") WHERE "foster_placements"."fim" is null;--> statement-breakpoint
CREATE INDEX "foster_placements_pet_idx" ON "foster_placements" USING btree ("pet_id","inicio");--> statement-breakpoint
CREATE INDEX "foster_placements_foster_idx" ON "foster_placements" USING btree ("foster_id");--> statement-breakpoint
CREATE INDEX "foster_placements_organization_idx" ON "foster_placements" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pets_foster_need_idx" ON "pets" USING btree ("cidade_ibge") WHERE "pets"."precisa_lar_temporario" and "pets"."status" = 'disponivel';