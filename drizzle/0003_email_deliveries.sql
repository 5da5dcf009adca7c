CREATE TABLE "email_deliveries" (
	"idempotency_key" varchar(200) PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
