CREATE TABLE "game_join_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"issued_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_joins" (
	"game_id" uuid NOT NULL,
	"seat_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"seat_before" jsonb NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_joins_game_id_seat_number_pk" PRIMARY KEY("game_id","seat_number")
);
--> statement-breakpoint
ALTER TABLE "game_join_codes" ADD CONSTRAINT "game_join_codes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_join_codes" ADD CONSTRAINT "game_join_codes_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_joins" ADD CONSTRAINT "game_joins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_joins" ADD CONSTRAINT "game_joins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_join_codes_game_key" ON "game_join_codes" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "game_join_codes_expires_idx" ON "game_join_codes" USING btree ("expires_at");--> statement-breakpoint
-- A join code dies when its game ends (status leaves ACTIVE); resuming the game does not bring it back.
CREATE OR REPLACE FUNCTION game_join_codes_die_with_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM game_join_codes WHERE game_id = NEW.id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER games_end_kills_join_codes AFTER UPDATE OF status ON games FOR EACH ROW WHEN (NEW.status <> 'ACTIVE') EXECUTE FUNCTION game_join_codes_die_with_game();
