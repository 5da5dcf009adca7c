CREATE TYPE "public"."pet_news_status" AS ENUM('pendente', 'publicada', 'recusada');--> statement-breakpoint
CREATE TABLE "pet_news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_id" uuid,
	"texto" varchar(1000) NOT NULL,
	"status" "pet_news_status" DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
CREATE TABLE "pet_news_photos" (
	"news_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_id" uuid NOT NULL,
	CONSTRAINT "pet_news_photos_news_id_position_pk" PRIMARY KEY("news_id","position")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "noticias_sem_aprovacao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_news" ADD CONSTRAINT "pet_news_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_news" ADD CONSTRAINT "pet_news_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_news" ADD CONSTRAINT "pet_news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_news" ADD CONSTRAINT "pet_news_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_news_photos" ADD CONSTRAINT "pet_news_photos_news_id_pet_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."pet_news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_news_photos" ADD CONSTRAINT "pet_news_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_news_pet_idx" ON "pet_news" USING btree ("pet_id","status","created_at");--> statement-breakpoint
CREATE INDEX "pet_news_organization_idx" ON "pet_news" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "pet_news_author_idx" ON "pet_news" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "pet_news_photos_image_idx" ON "pet_news_photos" USING btree ("image_id");