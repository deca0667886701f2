PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
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
	CONSTRAINT "notifications_kind_enum" CHECK("__new_notifications"."kind" in ('reply', 'quote', 'review_approved', 'review_rejected', 'interview_removed', 'thread_approved', 'thread_rejected', 'response_published', 'report_kept', 'report_removed', 'edit_approved', 'edit_rejected', 'claim_approved', 'claim_rejected', 'member_invited', 'member_made_admin', 'member_made_editor', 'member_removed')),
	CONSTRAINT "notifications_subject_type_enum" CHECK("__new_notifications"."subject_type" in ('thread', 'post', 'review', 'interview', 'mood', 'review_edit', 'interview_edit', 'thread_edit', 'post_edit', 'school_claim', 'school_audit')),
	CONSTRAINT "notifications_actor_first_name_len" CHECK(length("__new_notifications"."actor_first_name") <= 255),
	CONSTRAINT "notifications_reason_len" CHECK(length("__new_notifications"."reason") <= 500)
);
--> statement-breakpoint
INSERT INTO `__new_notifications`("id", "user_id", "kind", "subject_type", "subject_id", "thread_id", "school_id", "actor_first_name", "reason", "created_at", "read_at", "pushed_at", "emailed_at") SELECT "id", "user_id", "kind", "subject_type", "subject_id", "thread_id", "school_id", "actor_first_name", "reason", "created_at", "read_at", "pushed_at", "emailed_at" FROM `notifications`;--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once_idx` ON `notifications` (`user_id`,`kind`,`subject_type`,`subject_id`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`,`read_at`);