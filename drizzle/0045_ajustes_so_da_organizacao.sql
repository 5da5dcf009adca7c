ALTER TABLE "followup_settings" DROP CONSTRAINT "followup_settings_caretaker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "questionnaires" DROP CONSTRAINT "questionnaires_caretaker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "termo_templates" DROP CONSTRAINT "termo_templates_caretaker_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "followup_settings" ADD PRIMARY KEY ("organization_id");--> statement-breakpoint
ALTER TABLE "followup_settings" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD PRIMARY KEY ("organization_id");--> statement-breakpoint
ALTER TABLE "questionnaires" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "termo_templates" ADD PRIMARY KEY ("organization_id");--> statement-breakpoint
ALTER TABLE "termo_templates" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "followup_settings" DROP COLUMN "caretaker_id";--> statement-breakpoint
ALTER TABLE "questionnaires" DROP COLUMN "caretaker_id";--> statement-breakpoint
ALTER TABLE "termo_templates" DROP COLUMN "caretaker_id";