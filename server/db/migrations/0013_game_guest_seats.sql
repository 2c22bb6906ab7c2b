CREATE TABLE "game_guest_seats" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"seat_number" integer NOT NULL,
	"name" text NOT NULL,
	"seat_before" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_guest_seats" ADD CONSTRAINT "game_guest_seats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_guest_seats_game_idx" ON "game_guest_seats" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_guest_seats_live_key" ON "game_guest_seats" USING btree ("game_id","seat_number") WHERE "game_guest_seats"."revoked_at" IS NULL;
