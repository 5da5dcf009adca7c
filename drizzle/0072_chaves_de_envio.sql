CREATE TABLE "submission_keys" (
	"user_id" uuid NOT NULL,
	"chave" varchar(100) NOT NULL,
	"pedido" varchar(300) NOT NULL,
	"resposta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_keys_user_id_chave_pk" PRIMARY KEY("user_id","chave")
);
--> statement-breakpoint
ALTER TABLE "submission_keys" ADD CONSTRAINT "submission_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_keys_created_idx" ON "submission_keys" USING btree ("created_at");