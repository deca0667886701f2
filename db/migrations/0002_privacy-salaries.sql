CREATE TABLE `hidden_content` (
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`hidden_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `target_id`)
);
--> statement-breakpoint
CREATE TABLE `published_stats` (
	`name` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`published_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reports_kind_enum" CHECK("reports"."kind" in ('review', 'interview', 'mood', 'thread', 'reply')),
	CONSTRAINT "reports_reason_len" CHECK(length("reports"."reason") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_user_item_idx` ON `reports` (`kind`,`target_id`,`user_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` text,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`action` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_moderation_log`("id", "actor_user_id", "kind", "target_id", "action", "reason", "created_at") SELECT "id", "actor_user_id", "kind", "target_id", "action", "reason", "created_at" FROM `moderation_log`;--> statement-breakpoint
DROP TABLE `moderation_log`;--> statement-breakpoint
ALTER TABLE `__new_moderation_log` RENAME TO `moderation_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_school_moods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`user_id` text,
	`emoji` text NOT NULL,
	`mood` text NOT NULL,
	`comment` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "school_moods_emoji_len" CHECK(length("__new_school_moods"."emoji") <= 10),
	CONSTRAINT "school_moods_mood_len" CHECK(length("__new_school_moods"."mood") <= 50),
	CONSTRAINT "school_moods_mood_enum" CHECK("__new_school_moods"."mood" in ('excited', 'happy', 'neutral', 'frustrated', 'stressed'))
);
--> statement-breakpoint
INSERT INTO `__new_school_moods`("id", "school_id", "user_id", "emoji", "mood", "comment", "anonymous", "created_at", "updated_at") SELECT "id", "school_id", "user_id", "emoji", "mood", "comment", "anonymous", "created_at", "updated_at" FROM `school_moods`;--> statement-breakpoint
DROP TABLE `school_moods`;--> statement-breakpoint
ALTER TABLE `__new_school_moods` RENAME TO `school_moods`;--> statement-breakpoint
CREATE UNIQUE INDEX `school_moods_school_user_idx` ON `school_moods` (`school_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `salaries` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `salaries_published_idx` ON `salaries` (`published_at`,`created_at`);