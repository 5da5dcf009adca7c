CREATE TABLE "known_logins" (
	"user_id" uuid NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_logins_user_id_key_hash_pk" PRIMARY KEY("user_id","key_hash")
);
--> statement-breakpoint
ALTER TABLE "known_logins" ADD CONSTRAINT "known_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_logins_last_seen_idx" ON "known_logins" USING btree ("last_seen_at");