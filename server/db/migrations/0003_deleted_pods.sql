CREATE TABLE "deleted_pods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Pods deleted before this table existed: every pod id a game still names but no pod holds.
INSERT INTO "deleted_pods" ("id") SELECT DISTINCT "pod_id" FROM "games" WHERE "pod_id" IS NOT NULL AND "pod_id" NOT IN (SELECT "id" FROM "pods") ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Invitations die with their inviter's membership: drop those whose inviter already left.
DELETE FROM "pod_invitations" WHERE NOT EXISTS (SELECT 1 FROM "pod_members" WHERE "pod_members"."pod_id" = "pod_invitations"."pod_id" AND "pod_members"."user_id" = "pod_invitations"."invited_by_id");
