ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- A deleted account stays as a tombstone row (deleted_at set) so the messages and games it left
-- keep their foreign keys; nothing new may point at it. Raised as a foreign-key violation (23503),
-- which the writes already answer as an unknown user.
CREATE OR REPLACE FUNCTION refuse_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = target AND deleted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'user % was deleted', target USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER direct_messages_live_receiver BEFORE INSERT ON direct_messages FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('receiver_id');--> statement-breakpoint
CREATE TRIGGER friendships_live_addressee BEFORE INSERT ON friendships FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('addressee_id');--> statement-breakpoint
CREATE TRIGGER pod_members_live_user BEFORE INSERT ON pod_members FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('user_id');--> statement-breakpoint
CREATE TRIGGER pod_invitations_live_invitee BEFORE INSERT ON pod_invitations FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('invitee_id');--> statement-breakpoint
CREATE TRIGGER game_players_live_user BEFORE INSERT ON game_players FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('user_id');--> statement-breakpoint
CREATE TRIGGER game_invites_live_invitee BEFORE INSERT ON game_invites FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('invitee_id');--> statement-breakpoint
CREATE TRIGGER blocks_live_blocked BEFORE INSERT ON blocks FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user('blocked_id');
