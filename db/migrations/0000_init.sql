CREATE TABLE `forum_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`slug` text NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "forum_categories_name_len" CHECK(length("forum_categories"."name") <= 100),
	CONSTRAINT "forum_categories_slug_len" CHECK(length("forum_categories"."slug") <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `forum_categories_slug_unique` ON `forum_categories` (`slug`);--> statement-breakpoint
CREATE TABLE `forum_moderators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`category_id` integer NOT NULL,
	`can_edit` integer DEFAULT true NOT NULL,
	`can_delete` integer DEFAULT true NOT NULL,
	`can_approve` integer DEFAULT true NOT NULL,
	`can_lock` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `forum_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `forum_moderators_user_category_idx` ON `forum_moderators` (`user_id`,`category_id`);--> statement-breakpoint
CREATE TABLE `forum_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`thread_id` integer NOT NULL,
	`user_id` text,
	`content` text NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`parent_post_id` integer,
	`rejected_at` integer,
	`rejection_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `forum_threads`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`parent_post_id`) REFERENCES `forum_posts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `forum_posts_thread_idx` ON `forum_posts` (`thread_id`,`is_approved`);--> statement-breakpoint
CREATE TABLE `forum_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer NOT NULL,
	`user_id` text,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`content` text NOT NULL,
	`is_sticky` integer DEFAULT false NOT NULL,
	`is_locked` integer DEFAULT false NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`last_reply_at` integer,
	`last_reply_user_id` text,
	`rejected_at` integer,
	`rejection_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `forum_categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`last_reply_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "forum_threads_title_len" CHECK(length("forum_threads"."title") <= 200),
	CONSTRAINT "forum_threads_slug_len" CHECK(length("forum_threads"."slug") <= 200)
);
--> statement-breakpoint
CREATE INDEX `forum_threads_category_idx` ON `forum_threads` (`category_id`,`is_approved`);--> statement-breakpoint
CREATE INDEX `forum_threads_user_idx` ON `forum_threads` (`user_id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`status` integer,
	`body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_created_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
CREATE TABLE `interview_experiences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`school_id` integer NOT NULL,
	`job_title` text NOT NULL,
	`interview_difficulty` text,
	`process_description` text NOT NULL,
	`questions_asked` text,
	`tips_for_candidates` text,
	`outcome` text,
	`overall_experience` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "interviews_job_title_len" CHECK(length("interview_experiences"."job_title") <= 255),
	CONSTRAINT "interviews_interview_difficulty_enum" CHECK("interview_experiences"."interview_difficulty" in ('Easy', 'Medium', 'Hard')),
	CONSTRAINT "interviews_outcome_enum" CHECK("interview_experiences"."outcome" in ('Offer', 'No Offer')),
	CONSTRAINT "interviews_overall_experience_range" CHECK("interview_experiences"."overall_experience" is null or "interview_experiences"."overall_experience" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `interviews_school_idx` ON `interview_experiences` (`school_id`);--> statement-breakpoint
CREATE INDEX `interviews_user_idx` ON `interview_experiences` (`user_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`school_id` integer,
	`subject` text,
	`key_stage` text,
	`contract_type` text,
	`education_level` text,
	`salary_min` integer,
	`salary_max` integer,
	`salary_text` text,
	`borough` text NOT NULL,
	`requirements` text,
	`benefits` text,
	`application_deadline` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`is_external` integer DEFAULT false NOT NULL,
	`external_url` text,
	`external_source` text,
	`external_id` text,
	`employer_name` text,
	`posted_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "jobs_title_len" CHECK(length("jobs"."title") <= 255),
	CONSTRAINT "jobs_subject_len" CHECK(length("jobs"."subject") <= 100),
	CONSTRAINT "jobs_key_stage_len" CHECK(length("jobs"."key_stage") <= 100),
	CONSTRAINT "jobs_contract_type_len" CHECK(length("jobs"."contract_type") <= 50),
	CONSTRAINT "jobs_borough_len" CHECK(length("jobs"."borough") <= 100),
	CONSTRAINT "jobs_salary_order" CHECK("jobs"."salary_max" is null or "jobs"."salary_min" is null or "jobs"."salary_max" >= "jobs"."salary_min")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_external_idx` ON `jobs` (`external_source`,`external_id`);--> statement-breakpoint
CREATE INDEX `jobs_posted_idx` ON `jobs` (`is_active`,`posted_at`);--> statement-breakpoint
CREATE INDEX `jobs_school_idx` ON `jobs` (`school_id`);--> statement-breakpoint
CREATE INDEX `jobs_borough_idx` ON `jobs` (`borough`);--> statement-breakpoint
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`action` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `pay_scales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pay_spine` text NOT NULL,
	`point` integer NOT NULL,
	`point_label` text,
	`annual_salary` integer NOT NULL,
	`region` text DEFAULT 'England' NOT NULL,
	`effective_date` text NOT NULL,
	`description` text,
	`source` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "pay_scales_pay_spine_len" CHECK(length("pay_scales"."pay_spine") <= 50),
	CONSTRAINT "pay_scales_region_len" CHECK(length("pay_scales"."region") <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_scales_key_idx` ON `pay_scales` (`region`,`pay_spine`,`effective_date`,`point`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`school_id` integer NOT NULL,
	`overall_rating` integer NOT NULL,
	`work_life_balance_rating` integer NOT NULL,
	`compensation_rating` integer NOT NULL,
	`career_opportunities_rating` integer NOT NULL,
	`culture_rating` integer NOT NULL,
	`leadership_rating` integer NOT NULL,
	`pros` text NOT NULL,
	`cons` text NOT NULL,
	`advice_to_management` text,
	`would_recommend` integer NOT NULL,
	`employment_status` text,
	`job_title` text,
	`years_at_school` text,
	`is_approved` integer DEFAULT false NOT NULL,
	`rejected_at` integer,
	`rejection_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reviews_overall_rating_range" CHECK("reviews"."overall_rating" between 1 and 5),
	CONSTRAINT "reviews_work_life_balance_rating_range" CHECK("reviews"."work_life_balance_rating" between 1 and 5),
	CONSTRAINT "reviews_compensation_rating_range" CHECK("reviews"."compensation_rating" between 1 and 5),
	CONSTRAINT "reviews_career_opportunities_rating_range" CHECK("reviews"."career_opportunities_rating" between 1 and 5),
	CONSTRAINT "reviews_culture_rating_range" CHECK("reviews"."culture_rating" between 1 and 5),
	CONSTRAINT "reviews_leadership_rating_range" CHECK("reviews"."leadership_rating" between 1 and 5),
	CONSTRAINT "reviews_employment_status_enum" CHECK("reviews"."employment_status" in ('Current', 'Former')),
	CONSTRAINT "reviews_job_title_len" CHECK(length("reviews"."job_title") <= 255),
	CONSTRAINT "reviews_years_at_school_len" CHECK(length("reviews"."years_at_school") <= 50)
);
--> statement-breakpoint
CREATE INDEX `reviews_school_idx` ON `reviews` (`school_id`,`is_approved`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
CREATE TABLE `salaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`job_title` text NOT NULL,
	`school_type` text NOT NULL,
	`borough` text NOT NULL,
	`years_experience` text NOT NULL,
	`annual_salary` integer NOT NULL,
	`additional_benefits` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "salaries_job_title_len" CHECK(length("salaries"."job_title") <= 255),
	CONSTRAINT "salaries_school_type_len" CHECK(length("salaries"."school_type") <= 100),
	CONSTRAINT "salaries_borough_len" CHECK(length("salaries"."borough") <= 100),
	CONSTRAINT "salaries_years_experience_len" CHECK(length("salaries"."years_experience") <= 50),
	CONSTRAINT "salaries_annual_salary_range" CHECK("salaries"."annual_salary" between 15000 and 200000)
);
--> statement-breakpoint
CREATE INDEX `salaries_created_idx` ON `salaries` (`created_at`);--> statement-breakpoint
CREATE INDEX `salaries_user_idx` ON `salaries` (`user_id`);--> statement-breakpoint
CREATE TABLE `saved_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`job_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_jobs_user_job_idx` ON `saved_jobs` (`user_id`,`job_id`);--> statement-breakpoint
CREATE TABLE `school_moods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`emoji` text NOT NULL,
	`mood` text NOT NULL,
	`comment` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "school_moods_emoji_len" CHECK(length("school_moods"."emoji") <= 10),
	CONSTRAINT "school_moods_mood_len" CHECK(length("school_moods"."mood") <= 50),
	CONSTRAINT "school_moods_mood_enum" CHECK("school_moods"."mood" in ('excited', 'happy', 'neutral', 'frustrated', 'stressed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_moods_school_user_idx` ON `school_moods` (`school_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `schools` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`urn` integer NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`postcode` text,
	`website` text,
	`phone_number` text,
	`dfe_number` text,
	`type` text,
	`type_group` text,
	`phase` text,
	`education_level` text,
	`borough` text NOT NULL,
	`number_of_pupils` integer,
	`number_of_staff` integer,
	`key_stages` text,
	`ofsted_rating` text,
	`ofsted_inspection_date` text,
	`headteacher` text,
	`age_range` text,
	`gender` text,
	`admission_policy` text,
	`religious_character` text,
	`trust_name` text,
	`latitude` real,
	`longitude` real,
	`image_url` text,
	`image_source` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "schools_name_len" CHECK(length("schools"."name") <= 255),
	CONSTRAINT "schools_phone_number_len" CHECK(length("schools"."phone_number") <= 20),
	CONSTRAINT "schools_type_len" CHECK(length("schools"."type") <= 100),
	CONSTRAINT "schools_borough_len" CHECK(length("schools"."borough") <= 100),
	CONSTRAINT "schools_key_stages_len" CHECK(length("schools"."key_stages") <= 255),
	CONSTRAINT "schools_ofsted_rating_len" CHECK(length("schools"."ofsted_rating") <= 50),
	CONSTRAINT "schools_headteacher_len" CHECK(length("schools"."headteacher") <= 100),
	CONSTRAINT "schools_age_range_len" CHECK(length("schools"."age_range") <= 20),
	CONSTRAINT "schools_admission_policy_len" CHECK(length("schools"."admission_policy") <= 100),
	CONSTRAINT "schools_religious_character_len" CHECK(length("schools"."religious_character") <= 100),
	CONSTRAINT "schools_image_source_len" CHECK(length("schools"."image_source") <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schools_urn_unique` ON `schools` (`urn`);--> statement-breakpoint
CREATE UNIQUE INDEX `schools_dfe_number_unique` ON `schools` (`dfe_number`);--> statement-breakpoint
CREATE INDEX `schools_borough_idx` ON `schools` (`borough`);--> statement-breakpoint
CREATE INDEX `schools_type_idx` ON `schools` (`type`);--> statement-breakpoint
CREATE INDEX `schools_name_idx` ON `schools` (`name`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);