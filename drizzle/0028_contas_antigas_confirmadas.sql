-- Accounts made before sign-up e-mailed a confirmation link (issue 41) predate the rule: confirmed.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;
