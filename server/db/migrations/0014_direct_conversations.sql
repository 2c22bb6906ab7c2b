CREATE TABLE "direct_conversations" (
	"user_id" uuid NOT NULL,
	"peer_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "direct_conversations_user_id_peer_id_pk" PRIMARY KEY("user_id","peer_id")
);
--> statement-breakpoint
ALTER TABLE "direct_conversations" ADD CONSTRAINT "direct_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_conversations" ADD CONSTRAINT "direct_conversations_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_conversations" ADD CONSTRAINT "direct_conversations_last_message_id_direct_messages_id_fk" FOREIGN KEY ("last_message_id") REFERENCES "public"."direct_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_conversations_user_last_idx" ON "direct_conversations" USING btree ("user_id","last_at");--> statement-breakpoint
-- Every message moves its conversation forward for both people; an older one (a replayed or
-- back-dated insert) leaves it. Two statements, so a message to oneself upserts one row once.
CREATE FUNCTION direct_conversations_follow_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO direct_conversations (user_id, peer_id, last_message_id, last_at)
  VALUES (NEW.sender_id, NEW.receiver_id, NEW.id, NEW.created_at)
  ON CONFLICT (user_id, peer_id) DO UPDATE SET last_message_id = EXCLUDED.last_message_id, last_at = EXCLUDED.last_at
  WHERE (direct_conversations.last_at, direct_conversations.last_message_id) < (EXCLUDED.last_at, EXCLUDED.last_message_id);
  IF NEW.receiver_id <> NEW.sender_id THEN
    INSERT INTO direct_conversations (user_id, peer_id, last_message_id, last_at)
    VALUES (NEW.receiver_id, NEW.sender_id, NEW.id, NEW.created_at)
    ON CONFLICT (user_id, peer_id) DO UPDATE SET last_message_id = EXCLUDED.last_message_id, last_at = EXCLUDED.last_at
    WHERE (direct_conversations.last_at, direct_conversations.last_message_id) < (EXCLUDED.last_at, EXCLUDED.last_message_id);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER direct_conversations_follow_message AFTER INSERT ON direct_messages FOR EACH ROW EXECUTE FUNCTION direct_conversations_follow_message();--> statement-breakpoint
INSERT INTO direct_conversations (user_id, peer_id, last_message_id, last_at)
SELECT DISTINCT ON (user_id, peer_id) user_id, peer_id, id, created_at FROM (
  SELECT sender_id AS user_id, receiver_id AS peer_id, id, created_at FROM direct_messages
  UNION ALL
  SELECT receiver_id, sender_id, id, created_at FROM direct_messages
) AS both_sides
ORDER BY user_id, peer_id, created_at DESC, id DESC;
