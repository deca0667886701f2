CREATE TABLE `image_batch_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` text NOT NULL,
	`school_id` integer NOT NULL,
	`success` integer NOT NULL,
	`source` text,
	`image_url` text,
	`error` text,
	FOREIGN KEY (`batch_id`) REFERENCES `image_batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `image_batch_results_batch_idx` ON `image_batch_results` (`batch_id`);--> statement-breakpoint
CREATE INDEX `image_batch_results_failed_idx` ON `image_batch_results` (`school_id`) WHERE "image_batch_results"."success" = 0;--> statement-breakpoint
CREATE TABLE `image_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`total` integer NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `image_batches_started_idx` ON `image_batches` (`started_at`);--> statement-breakpoint
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
