-- A school's own vacancies (decision 2104). Columns are added in place: their CHECKs are inline
-- (ALTER TABLE ADD COLUMN takes them and tests existing rows), so the jobs table is not rebuilt and
-- keeps its triggers (search index, day counts) and expression indexes.
ALTER TABLE `jobs` ADD `posted_by_school` integer DEFAULT false NOT NULL CONSTRAINT `jobs_posted_by_school_bool` CHECK (`posted_by_school` in (0, 1));--> statement-breakpoint
ALTER TABLE `jobs` ADD `status` text DEFAULT 'published' NOT NULL CONSTRAINT `jobs_status_enum` CHECK (`status` in ('draft', 'published', 'closed') and (`status` = 'published' or `is_active` = 0));--> statement-breakpoint
ALTER TABLE `jobs` ADD `contract` text CONSTRAINT `jobs_contract_enum` CHECK (`contract` is null or `contract` in ('Permanent', 'Fixed term', 'Casual'));--> statement-breakpoint
ALTER TABLE `jobs` ADD `contract_months` integer CONSTRAINT `jobs_contract_months_range` CHECK (`contract_months` is null or `contract_months` between 1 and 60);--> statement-breakpoint
ALTER TABLE `jobs` ADD `full_time` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `part_time` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `key_stages` text CONSTRAINT `jobs_key_stages_len` CHECK (length(`key_stages`) <= 255);--> statement-breakpoint
ALTER TABLE `jobs` ADD `subjects` text CONSTRAINT `jobs_subjects_len` CHECK (length(`subjects`) <= 255);--> statement-breakpoint
ALTER TABLE `jobs` ADD `pay_scale` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `start_date` text CONSTRAINT `jobs_start_date_format` CHECK (`start_date` is null or `start_date` glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');--> statement-breakpoint
ALTER TABLE `jobs` ADD `ect_suitable` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `visa_sponsorship` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `apply_url` text CONSTRAINT `jobs_apply_url_scheme` CHECK (`apply_url` is null or ((`apply_url` like 'http://%' or `apply_url` like 'https://%') and length(`apply_url`) <= 2000));--> statement-breakpoint
ALTER TABLE `jobs` ADD `apply_email` text CONSTRAINT `jobs_apply_email_len` CHECK (length(`apply_email`) <= 254);--> statement-breakpoint
ALTER TABLE `jobs` ADD `closed_at` integer;--> statement-breakpoint
CREATE INDEX `jobs_own_subjects_idx` ON `jobs` (`posted_by_school`,`is_active`,`subjects`,`subject`);--> statement-breakpoint
CREATE INDEX `jobs_own_key_stages_idx` ON `jobs` (`posted_by_school`,`is_active`,`key_stages`,`key_stage`);
