CREATE TABLE `job_day_counts` (
	`day` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `kept_counts` (
	`key` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `school_stats` (
	`school_id` integer PRIMARY KEY NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`overall_sum` integer DEFAULT 0 NOT NULL,
	`work_life_balance_sum` integer DEFAULT 0 NOT NULL,
	`compensation_sum` integer DEFAULT 0 NOT NULL,
	`career_opportunities_sum` integer DEFAULT 0 NOT NULL,
	`culture_sum` integer DEFAULT 0 NOT NULL,
	`leadership_sum` integer DEFAULT 0 NOT NULL,
	`recommend_count` integer DEFAULT 0 NOT NULL,
	`average_rating` real DEFAULT 0 NOT NULL,
	`interview_count` integer DEFAULT 0 NOT NULL,
	`excited_count` integer DEFAULT 0 NOT NULL,
	`happy_count` integer DEFAULT 0 NOT NULL,
	`neutral_count` integer DEFAULT 0 NOT NULL,
	`frustrated_count` integer DEFAULT 0 NOT NULL,
	`stressed_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `school_stats_rating_idx` ON `school_stats` (`average_rating`,`review_count`);--> statement-breakpoint
DROP INDEX `forum_posts_thread_idx`;--> statement-breakpoint
CREATE INDEX `forum_posts_thread_idx` ON `forum_posts` (`thread_id`,`is_approved`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `forum_threads_category_idx`;--> statement-breakpoint
CREATE INDEX `forum_threads_list_idx` ON `forum_threads` (`is_approved`,`is_sticky`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `forum_threads_category_idx` ON `forum_threads` (`category_id`,`is_approved`,`is_sticky`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `interviews_school_idx`;--> statement-breakpoint
CREATE INDEX `interviews_school_idx` ON `interview_experiences` (`school_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `jobs_posted_idx`;--> statement-breakpoint
DROP INDEX `jobs_school_idx`;--> statement-breakpoint
DROP INDEX `jobs_borough_idx`;--> statement-breakpoint
CREATE INDEX `jobs_subject_idx` ON `jobs` (`subject`,`is_active`,`posted_at`);--> statement-breakpoint
CREATE INDEX `jobs_borough_subject_idx` ON `jobs` (`borough`,`subject`,`is_active`,`posted_at`);--> statement-breakpoint
CREATE INDEX `jobs_posted_idx` ON `jobs` (`is_active`,`posted_at`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_school_idx` ON `jobs` (`school_id`,`is_active`,`posted_at`);--> statement-breakpoint
CREATE INDEX `jobs_borough_idx` ON `jobs` (`borough`,`is_active`,`posted_at`);--> statement-breakpoint
DROP INDEX `reviews_school_idx`;--> statement-breakpoint
CREATE INDEX `reviews_school_idx` ON `reviews` (`school_id`,`is_approved`,`created_at`,`id`);