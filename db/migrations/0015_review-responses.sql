CREATE TABLE `review_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`school_id` integer NOT NULL,
	`author_user_id` text,
	`body` text NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`rejected_at` integer,
	`rejection_reason` text,
	`published_body` text,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "review_responses_body_len" CHECK(length("review_responses"."body") <= 5000),
	CONSTRAINT "review_responses_published_body_len" CHECK(length("review_responses"."published_body") <= 5000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_responses_review_id_unique` ON `review_responses` (`review_id`);--> statement-breakpoint
CREATE INDEX `review_responses_school_idx` ON `review_responses` (`school_id`);--> statement-breakpoint
CREATE INDEX `review_responses_pending_idx` ON `review_responses` (`is_approved`,`rejected_at`,`updated_at`);--> statement-breakpoint
CREATE INDEX `review_responses_author_idx` ON `review_responses` (`author_user_id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `from_school_staff` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- A response shows under its review once approved: a change to the published text moves the
-- 'reviews' data version (decision 1057); a pending edit moves nothing.
CREATE TRIGGER review_responses_dv_insert AFTER INSERT ON review_responses WHEN NEW.published_at IS NOT NULL BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'reviews';
END;
--> statement-breakpoint
CREATE TRIGGER review_responses_dv_update AFTER UPDATE ON review_responses
WHEN OLD.published_at IS NOT NEW.published_at OR OLD.published_body IS NOT NEW.published_body BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'reviews';
END;
--> statement-breakpoint
CREATE TRIGGER review_responses_dv_delete AFTER DELETE ON review_responses WHEN OLD.published_at IS NOT NULL BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'reviews';
END;
