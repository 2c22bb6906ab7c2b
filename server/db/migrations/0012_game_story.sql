CREATE TABLE "game_story" (
	"game_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"event_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"undoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_story_game_id_position_pk" PRIMARY KEY("game_id","position")
);
--> statement-breakpoint
ALTER TABLE "game_story" ADD CONSTRAINT "game_story_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_story_event_key" ON "game_story" USING btree ("game_id","event_id");--> statement-breakpoint
CREATE INDEX "game_story_undoes_idx" ON "game_story" USING btree ("game_id","undoes");--> statement-breakpoint
-- Games stored before the story: their story starts with the (at most 25) events they logged, oldest at 1.
INSERT INTO "game_story" ("game_id", "position", "event_id", "event", "undoes", "created_at")
SELECT g."id", (jsonb_array_length(g."events") - e.n + 1)::integer, e.ev->>'id', e.ev, e.ev->>'undoes', g."updated_at"
FROM "games" g CROSS JOIN LATERAL jsonb_array_elements(g."events") WITH ORDINALITY AS e(ev, n)
ON CONFLICT DO NOTHING;
