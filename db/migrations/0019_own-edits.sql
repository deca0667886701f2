CREATE TABLE `contribution_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` text,
	`body` text NOT NULL,
	`state` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contribution_revisions_kind_enum" CHECK("contribution_revisions"."kind" in ('review', 'interview', 'thread', 'reply')),
	CONSTRAINT "contribution_revisions_state_enum" CHECK("contribution_revisions"."state" in ('pending', 'approved', 'rejected', 'previous'))
);
--> statement-breakpoint
CREATE INDEX `contribution_revisions_target_idx` ON `contribution_revisions` (`kind`,`target_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `contribution_revisions_pending_idx` ON `contribution_revisions` (`kind`,`target_id`) WHERE "contribution_revisions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX `contribution_revisions_user_idx` ON `contribution_revisions` (`user_id`);--> statement-breakpoint
ALTER TABLE `forum_posts` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `forum_posts` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `forum_threads` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `forum_threads` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `salaries` ADD `withdrawn_at` integer;