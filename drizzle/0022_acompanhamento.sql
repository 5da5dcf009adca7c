CREATE TABLE "checkin_photos" (
	"checkin_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "checkin_photos_checkin_id_position_pk" PRIMARY KEY("checkin_id","position")
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"adoption_id" uuid NOT NULL,
	"dia" smallint NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"texto" varchar(2000),
	"caretaker_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "followup_settings" (
	"caretaker_id" uuid PRIMARY KEY NOT NULL,
	"checkin_dias" smallint[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "prazo_castracao" date;--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "castrado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "castracao_comprovante_id" uuid;--> statement-breakpoint
ALTER TABLE "adoptions" ADD COLUMN "castracao_avisos" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_photos" ADD CONSTRAINT "checkin_photos_checkin_id_checkins_id_fk" FOREIGN KEY ("checkin_id") REFERENCES "public"."checkins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_photos" ADD CONSTRAINT "checkin_photos_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_adoption_id_adoptions_id_fk" FOREIGN KEY ("adoption_id") REFERENCES "public"."adoptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followup_settings" ADD CONSTRAINT "followup_settings_caretaker_id_users_id_fk" FOREIGN KEY ("caretaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_adoption_day_idx" ON "checkins" USING btree ("adoption_id","dia");--> statement-breakpoint
CREATE INDEX "checkins_due_idx" ON "checkins" USING btree ("due_at") WHERE "checkins"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "checkins_unanswered_idx" ON "checkins" USING btree ("sent_at") WHERE "checkins"."answered_at" is null and "checkins"."caretaker_alerted_at" is null;--> statement-breakpoint
ALTER TABLE "adoptions" ADD CONSTRAINT "adoptions_castracao_comprovante_id_images_id_fk" FOREIGN KEY ("castracao_comprovante_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;