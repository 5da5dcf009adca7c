ALTER TABLE "conversations" ALTER COLUMN "pet_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "report_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_report_id_lost_found_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lost_found_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_report_pair_idx" ON "conversations" USING btree ("report_id","adopter_id") WHERE "conversations"."report_id" is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_subject_check" CHECK (("conversations"."pet_id" is not null and "conversations"."organization_id" is not null and "conversations"."report_id" is null)
        or ("conversations"."pet_id" is null and "conversations"."organization_id" is null and "conversations"."report_id" is not null));