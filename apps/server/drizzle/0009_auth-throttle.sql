-- Sign-in and registration attempts are counted per bucket (account from an address, account, address) in
-- rows reserved before a password is checked; the rows of single failures they replace are dropped.
CREATE TABLE "auth_throttle" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_throttle_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "auth_throttle_window_ends_idx" ON "auth_throttle" USING btree ("window_ends_at");