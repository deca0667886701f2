-- The interviews and mood comments hidden by reports today (a hidden_content row) become
-- is_approved = 0, which the public reads now honour instead of looking up hidden_content
-- (decision 1422). A mood's rating is not touched: it counts in the school's figures either way.
UPDATE `interview_experiences` SET `is_approved` = 0 WHERE `id` IN (SELECT `target_id` FROM `hidden_content` WHERE `kind` = 'interview');
--> statement-breakpoint
UPDATE `school_moods` SET `is_approved` = 0 WHERE `id` IN (SELECT `target_id` FROM `hidden_content` WHERE `kind` = 'mood');
