-- Interviews and mood comments get the moderation state reviews, threads and replies have (decision
-- 1422): hidden by reports is is_approved = 0. Columns are added in place with their CHECK inline
-- (ALTER TABLE ADD COLUMN takes it), so neither table is rebuilt and both keep their triggers (kept
-- counts, data versions). The rows hidden today are marked by the next migration.
ALTER TABLE `interview_experiences` ADD `is_approved` integer DEFAULT true NOT NULL CONSTRAINT `interviews_is_approved_bool` CHECK (`is_approved` in (0, 1));--> statement-breakpoint
ALTER TABLE `school_moods` ADD `is_approved` integer DEFAULT true NOT NULL CONSTRAINT `school_moods_is_approved_bool` CHECK (`is_approved` in (0, 1));
