CREATE TYPE "public"."age_unit" AS ENUM('dias', 'meses', 'anos');--> statement-breakpoint
CREATE TYPE "public"."image_format" AS ENUM('webp', 'avif', 'jpeg');--> statement-breakpoint
CREATE TYPE "public"."pet_size" AS ENUM('pequeno', 'medio', 'medio_grande', 'grande');--> statement-breakpoint
CREATE TYPE "public"."pet_status" AS ENUM('disponivel', 'adotado', 'removido');--> statement-breakpoint
CREATE TYPE "public"."species" AS ENUM('cao', 'gato', 'outro');--> statement-breakpoint
CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" "image_format" NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "image_variants_image_id_width_format_pk" PRIMARY KEY("image_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"sender_id" uuid,
	"sender_nome" varchar(50) NOT NULL,
	"sender_telefone" varchar(20) NOT NULL,
	"nome_animal" varchar(20) NOT NULL,
	"texto" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pet_photos" (
	"pet_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"image_id" uuid NOT NULL,
	CONSTRAINT "pet_photos_pet_id_position_pk" PRIMARY KEY("pet_id","position")
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caretaker_id" uuid NOT NULL,
	"nome" varchar(20) NOT NULL,
	"nome_busca" varchar(20) NOT NULL,
	"species" "species" NOT NULL,
	"age_value" smallint NOT NULL,
	"age_unit" "age_unit" NOT NULL,
	"porte" "pet_size" NOT NULL,
	"perfil" varchar(300) NOT NULL,
	"cidade" varchar(50) NOT NULL,
	"cidade_busca" varchar(50) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"age_days" integer NOT NULL,
	"status" "pet_status" DEFAULT 'disponivel' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(50) NOT NULL,
	"nome" varchar(50) NOT NULL,
	"password_hash" text NOT NULL,
	"telefone" varchar(20),
	"cidade" varchar(50),
	"uf" varchar(2),
	"perfil_sobre" varchar(300),
	"photo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD CONSTRAINT "pet_photos_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD CONSTRAINT "pet_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_id_images_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_inbox_idx" ON "messages" USING btree ("recipient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("recipient_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "pets_feed_idx" ON "pets" USING btree ("status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "pets_city_feed_idx" ON "pets" USING btree ("status","cidade_busca","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pets_caretaker_idx" ON "pets" USING btree ("caretaker_id");--> statement-breakpoint
CREATE INDEX "pets_name_idx" ON "pets" USING btree ("nome_busca","status");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));