CREATE TABLE `reminder_backoff` (
	`user_id` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`retry_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `last_failure_at` integer;--> statement-breakpoint
ALTER TABLE `reports` ADD `reporter_key` text;--> statement-breakpoint
ALTER TABLE `reports` ADD `decided_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reporter_item_idx` ON `reports` (`kind`,`target_id`,`reporter_key`);