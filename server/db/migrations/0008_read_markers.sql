CREATE TABLE "dm_read_markers" (
	"user_id" uuid NOT NULL,
	"peer_id" uuid NOT NULL,
	"up_to_created_at" timestamp with time zone NOT NULL,
	"up_to_message_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dm_read_markers_user_id_peer_id_pk" PRIMARY KEY("user_id","peer_id")
);
--> statement-breakpoint
CREATE TABLE "pod_read_markers" (
	"user_id" uuid NOT NULL,
	"pod_id" uuid NOT NULL,
	"up_to_created_at" timestamp with time zone NOT NULL,
	"up_to_message_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pod_read_markers_user_id_pod_id_pk" PRIMARY KEY("user_id","pod_id")
);
--> statement-breakpoint
ALTER TABLE "dm_read_markers" ADD CONSTRAINT "dm_read_markers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dm_read_markers" ADD CONSTRAINT "dm_read_markers_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_read_markers" ADD CONSTRAINT "pod_read_markers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_read_markers" ADD CONSTRAINT "pod_read_markers_pod_id_pods_id_fk" FOREIGN KEY ("pod_id") REFERENCES "public"."pods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dm_read_markers_peer_idx" ON "dm_read_markers" USING btree ("peer_id");--> statement-breakpoint
CREATE INDEX "pod_read_markers_pod_idx" ON "pod_read_markers" USING btree ("pod_id");--> statement-breakpoint
-- Everything written before read markers existed counts as read (otherwise every chat would open
-- with all of its history unread): each live account's marker is at the latest message of each of
-- its conversations and of each pod it is a member of.
INSERT INTO "dm_read_markers" ("user_id", "peer_id", "up_to_created_at", "up_to_message_id")
SELECT DISTINCT ON (m.user_id, m.peer_id) m.user_id, m.peer_id, m.created_at, m.id
FROM (
  SELECT "sender_id" AS user_id, "receiver_id" AS peer_id, "created_at", "id" FROM "direct_messages"
  UNION ALL
  SELECT "receiver_id", "sender_id", "created_at", "id" FROM "direct_messages"
) m
JOIN "users" u ON u."id" = m.user_id AND u."deleted_at" IS NULL
ORDER BY m.user_id, m.peer_id, m.created_at DESC, m.id DESC;--> statement-breakpoint
INSERT INTO "pod_read_markers" ("user_id", "pod_id", "up_to_created_at", "up_to_message_id")
SELECT DISTINCT ON (pm."user_id", pm."pod_id") pm."user_id", pm."pod_id", msg."created_at", msg."id"
FROM "pod_members" pm
JOIN "pod_messages" msg ON msg."pod_id" = pm."pod_id"
ORDER BY pm."user_id", pm."pod_id", msg."created_at" DESC, msg."id" DESC;
