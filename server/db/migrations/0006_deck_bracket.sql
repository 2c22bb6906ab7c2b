ALTER TABLE "decks" ADD COLUMN "bracket" integer;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_bracket" CHECK ("decks"."bracket" BETWEEN 1 AND 5);