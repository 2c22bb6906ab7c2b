CREATE TABLE "game_watch_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"game_id" uuid NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_watch_links" ADD CONSTRAINT "game_watch_links_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_watch_links" ADD CONSTRAINT "game_watch_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_watch_links_game_idx" ON "game_watch_links" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_watch_links_live_key" ON "game_watch_links" USING btree ("game_id") WHERE "game_watch_links"."revoked_at" IS NULL;