CREATE TABLE "assignment_notices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"told_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "resumo_diario" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_notices" ADD CONSTRAINT "assignment_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;