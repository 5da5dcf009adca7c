ALTER TABLE "pets" ADD COLUMN "raca" varchar(40);--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "pelagem" varchar(40);