-- The data versions (decision 1057): each trigger moves the version of the public data a commit changed,
-- and nothing else: a pending review, thread or reply, a held-back salary, a thread's view count, a save,
-- a session touch move none. The answer and page caches key their entries by these versions.
INSERT INTO data_versions (tag, version) VALUES ('schools', 0), ('jobs', 0), ('reviews', 0), ('interviews', 0), ('moods', 0), ('salaries', 0), ('pay_scales', 0), ('forum', 0);
--> statement-breakpoint
CREATE TRIGGER schools_dv_insert AFTER INSERT ON schools BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER schools_dv_update AFTER UPDATE ON schools BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER schools_dv_delete AFTER DELETE ON schools BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_stats_dv_insert AFTER INSERT ON school_stats BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_stats_dv_update AFTER UPDATE ON school_stats BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_stats_dv_delete AFTER DELETE ON school_stats BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER jobs_dv_insert AFTER INSERT ON jobs BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'jobs';
END;
--> statement-breakpoint
CREATE TRIGGER jobs_dv_update AFTER UPDATE ON jobs BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'jobs';
END;
--> statement-breakpoint
CREATE TRIGGER jobs_dv_delete AFTER DELETE ON jobs BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'jobs';
END;
--> statement-breakpoint
CREATE TRIGGER interviews_dv_insert AFTER INSERT ON interview_experiences BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'interviews';
END;
--> statement-breakpoint
CREATE TRIGGER interviews_dv_update AFTER UPDATE ON interview_experiences BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'interviews';
END;
--> statement-breakpoint
CREATE TRIGGER interviews_dv_delete AFTER DELETE ON interview_experiences BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'interviews';
END;
--> statement-breakpoint
CREATE TRIGGER moods_dv_insert AFTER INSERT ON school_moods BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'moods';
END;
--> statement-breakpoint
CREATE TRIGGER moods_dv_update AFTER UPDATE ON school_moods BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'moods';
END;
--> statement-breakpoint
CREATE TRIGGER moods_dv_delete AFTER DELETE ON school_moods BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'moods';
END;
--> statement-breakpoint
CREATE TRIGGER published_stats_dv_insert AFTER INSERT ON published_stats BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'salaries';
END;
--> statement-breakpoint
CREATE TRIGGER published_stats_dv_update AFTER UPDATE ON published_stats BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'salaries';
END;
--> statement-breakpoint
CREATE TRIGGER published_stats_dv_delete AFTER DELETE ON published_stats BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'salaries';
END;
--> statement-breakpoint
CREATE TRIGGER pay_scales_dv_insert AFTER INSERT ON pay_scales BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'pay_scales';
END;
--> statement-breakpoint
CREATE TRIGGER pay_scales_dv_update AFTER UPDATE ON pay_scales BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'pay_scales';
END;
--> statement-breakpoint
CREATE TRIGGER pay_scales_dv_delete AFTER DELETE ON pay_scales BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'pay_scales';
END;
--> statement-breakpoint
CREATE TRIGGER forum_categories_dv_insert AFTER INSERT ON forum_categories BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER forum_categories_dv_update AFTER UPDATE ON forum_categories BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER forum_categories_dv_delete AFTER DELETE ON forum_categories BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
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
CREATE TRIGGER posts_dv_insert AFTER INSERT ON forum_posts WHEN NEW.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER posts_dv_update AFTER UPDATE ON forum_posts WHEN OLD.is_approved = 1 OR NEW.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER posts_dv_delete AFTER DELETE ON forum_posts WHEN OLD.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER threads_dv_insert AFTER INSERT ON forum_threads WHEN NEW.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER threads_dv_update AFTER UPDATE ON forum_threads WHEN (OLD.is_approved = 1 OR NEW.is_approved = 1) AND NEW.view_count IS OLD.view_count BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER threads_dv_delete AFTER DELETE ON forum_threads WHEN OLD.is_approved = 1 BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER salaries_dv_insert AFTER INSERT ON salaries WHEN NEW.published_at IS NOT NULL BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'salaries';
END;
--> statement-breakpoint
CREATE TRIGGER salaries_dv_update AFTER UPDATE ON salaries WHEN OLD.published_at IS NOT NULL OR NEW.published_at IS NOT NULL BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'salaries';
END;
--> statement-breakpoint
CREATE TRIGGER salaries_dv_delete AFTER DELETE ON salaries WHEN OLD.published_at IS NOT NULL BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'salaries';
END;
--> statement-breakpoint
CREATE TRIGGER users_dv_name AFTER UPDATE OF first_name, last_name ON users WHEN NEW.first_name IS NOT OLD.first_name OR NEW.last_name IS NOT OLD.last_name BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'forum';
END;
--> statement-breakpoint
CREATE TRIGGER hidden_dv_insert AFTER INSERT ON hidden_content BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = CASE NEW.kind WHEN 'review' THEN 'reviews' WHEN 'interview' THEN 'interviews' WHEN 'mood' THEN 'moods' ELSE 'forum' END;
END;
--> statement-breakpoint
CREATE TRIGGER hidden_dv_delete AFTER DELETE ON hidden_content BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = CASE OLD.kind WHEN 'review' THEN 'reviews' WHEN 'interview' THEN 'interviews' WHEN 'mood' THEN 'moods' ELSE 'forum' END;
END;
