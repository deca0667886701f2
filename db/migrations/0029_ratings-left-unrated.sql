PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`school_id` integer NOT NULL,
	`overall_rating` integer NOT NULL,
	`work_life_balance_rating` integer,
	`compensation_rating` integer,
	`career_opportunities_rating` integer,
	`culture_rating` integer,
	`leadership_rating` integer,
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
	CONSTRAINT "reviews_overall_rating_range" CHECK("__new_reviews"."overall_rating" between 1 and 5),
	CONSTRAINT "reviews_work_life_balance_rating_range" CHECK("__new_reviews"."work_life_balance_rating" between 1 and 5),
	CONSTRAINT "reviews_compensation_rating_range" CHECK("__new_reviews"."compensation_rating" between 1 and 5),
	CONSTRAINT "reviews_career_opportunities_rating_range" CHECK("__new_reviews"."career_opportunities_rating" between 1 and 5),
	CONSTRAINT "reviews_culture_rating_range" CHECK("__new_reviews"."culture_rating" between 1 and 5),
	CONSTRAINT "reviews_leadership_rating_range" CHECK("__new_reviews"."leadership_rating" between 1 and 5),
	CONSTRAINT "reviews_employment_status_enum" CHECK("__new_reviews"."employment_status" in ('Current', 'Former')),
	CONSTRAINT "reviews_job_title_len" CHECK(length("__new_reviews"."job_title") <= 255),
	CONSTRAINT "reviews_years_at_school_len" CHECK(length("__new_reviews"."years_at_school") <= 50)
);
--> statement-breakpoint
INSERT INTO `__new_reviews`("id", "user_id", "school_id", "overall_rating", "work_life_balance_rating", "compensation_rating", "career_opportunities_rating", "culture_rating", "leadership_rating", "pros", "cons", "advice_to_management", "would_recommend", "employment_status", "job_title", "years_at_school", "is_approved", "rejected_at", "rejection_reason", "created_at") SELECT "id", "user_id", "school_id", "overall_rating", "work_life_balance_rating", "compensation_rating", "career_opportunities_rating", "culture_rating", "leadership_rating", "pros", "cons", "advice_to_management", "would_recommend", "employment_status", "job_title", "years_at_school", "is_approved", "rejected_at", "rejection_reason", "created_at" FROM `reviews`;--> statement-breakpoint
DROP TABLE `reviews`;--> statement-breakpoint
ALTER TABLE `__new_reviews` RENAME TO `reviews`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `reviews_school_idx` ON `reviews` (`school_id`,`is_approved`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `reviews_user_idx` ON `reviews` (`user_id`);--> statement-breakpoint
ALTER TABLE `school_stats` ADD `work_life_balance_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `school_stats` ADD `compensation_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `school_stats` ADD `career_opportunities_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `school_stats` ADD `culture_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `school_stats` ADD `leadership_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Ratings left unrated (decision 2027): the five sub-ratings of a review may be null; school_stats
-- keeps, beside each sum, how many reviews gave that rating, so each average counts only what was
-- given. Rebuilding reviews (above) dropped its triggers: the kept figures' four (0005, now
-- null-aware) and the data versions' three (0012, as they were) are created again here.
-- openDatabase applies migrations with foreign keys off, so the rebuild keeps review_responses.
CREATE TRIGGER reviews_kept_insert AFTER INSERT ON reviews WHEN NEW.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET review_count = review_count + 1, overall_sum = overall_sum + NEW.overall_rating, work_life_balance_sum = work_life_balance_sum + coalesce(NEW.work_life_balance_rating, 0), work_life_balance_count = work_life_balance_count + (NEW.work_life_balance_rating IS NOT NULL), compensation_sum = compensation_sum + coalesce(NEW.compensation_rating, 0), compensation_count = compensation_count + (NEW.compensation_rating IS NOT NULL), career_opportunities_sum = career_opportunities_sum + coalesce(NEW.career_opportunities_rating, 0), career_opportunities_count = career_opportunities_count + (NEW.career_opportunities_rating IS NOT NULL), culture_sum = culture_sum + coalesce(NEW.culture_rating, 0), culture_count = culture_count + (NEW.culture_rating IS NOT NULL), leadership_sum = leadership_sum + coalesce(NEW.leadership_rating, 0), leadership_count = leadership_count + (NEW.leadership_rating IS NOT NULL), recommend_count = recommend_count + NEW.would_recommend, average_rating = CASE WHEN review_count + 1 = 0 THEN 0 ELSE (overall_sum + NEW.overall_rating) * 1.0 / (review_count + 1) END WHERE school_id = NEW.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', +1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_delete AFTER DELETE ON reviews WHEN OLD.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET review_count = review_count - 1, overall_sum = overall_sum - OLD.overall_rating, work_life_balance_sum = work_life_balance_sum - coalesce(OLD.work_life_balance_rating, 0), work_life_balance_count = work_life_balance_count - (OLD.work_life_balance_rating IS NOT NULL), compensation_sum = compensation_sum - coalesce(OLD.compensation_rating, 0), compensation_count = compensation_count - (OLD.compensation_rating IS NOT NULL), career_opportunities_sum = career_opportunities_sum - coalesce(OLD.career_opportunities_rating, 0), career_opportunities_count = career_opportunities_count - (OLD.career_opportunities_rating IS NOT NULL), culture_sum = culture_sum - coalesce(OLD.culture_rating, 0), culture_count = culture_count - (OLD.culture_rating IS NOT NULL), leadership_sum = leadership_sum - coalesce(OLD.leadership_rating, 0), leadership_count = leadership_count - (OLD.leadership_rating IS NOT NULL), recommend_count = recommend_count - OLD.would_recommend, average_rating = CASE WHEN review_count - 1 = 0 THEN 0 ELSE (overall_sum - OLD.overall_rating) * 1.0 / (review_count - 1) END WHERE school_id = OLD.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', -1) ON CONFLICT (key) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_update_old AFTER UPDATE OF is_approved, school_id, overall_rating, work_life_balance_rating, compensation_rating, career_opportunities_rating, culture_rating, leadership_rating, would_recommend ON reviews WHEN OLD.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET review_count = review_count - 1, overall_sum = overall_sum - OLD.overall_rating, work_life_balance_sum = work_life_balance_sum - coalesce(OLD.work_life_balance_rating, 0), work_life_balance_count = work_life_balance_count - (OLD.work_life_balance_rating IS NOT NULL), compensation_sum = compensation_sum - coalesce(OLD.compensation_rating, 0), compensation_count = compensation_count - (OLD.compensation_rating IS NOT NULL), career_opportunities_sum = career_opportunities_sum - coalesce(OLD.career_opportunities_rating, 0), career_opportunities_count = career_opportunities_count - (OLD.career_opportunities_rating IS NOT NULL), culture_sum = culture_sum - coalesce(OLD.culture_rating, 0), culture_count = culture_count - (OLD.culture_rating IS NOT NULL), leadership_sum = leadership_sum - coalesce(OLD.leadership_rating, 0), leadership_count = leadership_count - (OLD.leadership_rating IS NOT NULL), recommend_count = recommend_count - OLD.would_recommend, average_rating = CASE WHEN review_count - 1 = 0 THEN 0 ELSE (overall_sum - OLD.overall_rating) * 1.0 / (review_count - 1) END WHERE school_id = OLD.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', -1) ON CONFLICT (key) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_update_new AFTER UPDATE OF is_approved, school_id, overall_rating, work_life_balance_rating, compensation_rating, career_opportunities_rating, culture_rating, leadership_rating, would_recommend ON reviews WHEN NEW.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET review_count = review_count + 1, overall_sum = overall_sum + NEW.overall_rating, work_life_balance_sum = work_life_balance_sum + coalesce(NEW.work_life_balance_rating, 0), work_life_balance_count = work_life_balance_count + (NEW.work_life_balance_rating IS NOT NULL), compensation_sum = compensation_sum + coalesce(NEW.compensation_rating, 0), compensation_count = compensation_count + (NEW.compensation_rating IS NOT NULL), career_opportunities_sum = career_opportunities_sum + coalesce(NEW.career_opportunities_rating, 0), career_opportunities_count = career_opportunities_count + (NEW.career_opportunities_rating IS NOT NULL), culture_sum = culture_sum + coalesce(NEW.culture_rating, 0), culture_count = culture_count + (NEW.culture_rating IS NOT NULL), leadership_sum = leadership_sum + coalesce(NEW.leadership_rating, 0), leadership_count = leadership_count + (NEW.leadership_rating IS NOT NULL), recommend_count = recommend_count + NEW.would_recommend, average_rating = CASE WHEN review_count + 1 = 0 THEN 0 ELSE (overall_sum + NEW.overall_rating) * 1.0 / (review_count + 1) END WHERE school_id = NEW.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', +1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_dv_insert AFTER INSERT ON reviews WHEN NEW.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'reviews';
END;
--> statement-breakpoint
CREATE TRIGGER reviews_dv_update AFTER UPDATE ON reviews WHEN OLD.is_approved = 1 OR NEW.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'reviews';
END;
--> statement-breakpoint
CREATE TRIGGER reviews_dv_delete AFTER DELETE ON reviews WHEN OLD.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'reviews';
END;
--> statement-breakpoint
UPDATE school_stats SET (work_life_balance_count, compensation_count, career_opportunities_count, culture_count, leadership_count) = (SELECT count(work_life_balance_rating), count(compensation_rating), count(career_opportunities_rating), count(culture_rating), count(leadership_rating) FROM reviews WHERE reviews.school_id = school_stats.school_id AND is_approved = 1);
