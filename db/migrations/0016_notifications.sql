CREATE TABLE `notification_preferences` (
	`user_id` text NOT NULL,
	`topic` text NOT NULL,
	`delivery` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `topic`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_topic_enum" CHECK("notification_preferences"."topic" in ('replies', 'moderation', 'responses', 'reports')),
	CONSTRAINT "notification_preferences_delivery_enum" CHECK("notification_preferences"."delivery" in ('app', 'push', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`thread_id` integer,
	`school_id` integer,
	`actor_first_name` text,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`read_at` integer,
	`pushed_at` integer,
	`emailed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_kind_enum" CHECK("notifications"."kind" in ('reply', 'quote', 'review_approved', 'review_rejected', 'interview_removed', 'thread_approved', 'thread_rejected', 'response_published', 'report_kept', 'report_removed')),
	CONSTRAINT "notifications_subject_type_enum" CHECK("notifications"."subject_type" in ('thread', 'post', 'review', 'interview', 'mood')),
	CONSTRAINT "notifications_actor_first_name_len" CHECK(length("notifications"."actor_first_name") <= 255),
	CONSTRAINT "notifications_reason_len" CHECK(length("notifications"."reason") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once_idx` ON `notifications` (`user_id`,`kind`,`subject_type`,`subject_id`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`read_at`);--> statement-breakpoint
CREATE TABLE `thread_watches` (
	`user_id` text NOT NULL,
	`thread_id` integer NOT NULL,
	`watching` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `thread_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `forum_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `thread_watches_thread_idx` ON `thread_watches` (`thread_id`,`watching`);