CREATE TYPE "public"."happy_ending_status" AS ENUM('pendente', 'publicado', 'recusado');--> statement-breakpoint
CREATE TABLE "happy_endings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"adoption_id" uuid NOT NULL,
	"historia" varchar(2000) NOT NULL,
	"image_id" uuid,
	"status" "happy_ending_status" DEFAULT 'pendente' NOT NULL,
	"motivo" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "happy_endings" ADD CONSTRAINT "happy_endings_adoption_id_adoptions_id_fk" FOREIGN KEY ("adoption_id") REFERENCES "public"."adoptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "happy_endings" ADD CONSTRAINT "happy_endings_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "happy_endings_adoption_idx" ON "happy_endings" USING btree ("adoption_id");--> statement-breakpoint
CREATE INDEX "happy_endings_published_idx" ON "happy_endings" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "happy_endings"."status" = 'publicado';--> statement-breakpoint
CREATE INDEX "happy_endings_image_idx" ON "happy_endings" USING btree ("image_id");