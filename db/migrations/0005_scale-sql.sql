-- Kept figures (issue 10): maintained by the triggers below, never recomputed per request.
INSERT OR IGNORE INTO school_stats (school_id) SELECT id FROM schools;
--> statement-breakpoint
CREATE TRIGGER schools_stats_row AFTER INSERT ON schools BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_insert AFTER INSERT ON reviews WHEN NEW.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET review_count = review_count + 1, overall_sum = overall_sum + NEW.overall_rating, work_life_balance_sum = work_life_balance_sum + NEW.work_life_balance_rating, compensation_sum = compensation_sum + NEW.compensation_rating, career_opportunities_sum = career_opportunities_sum + NEW.career_opportunities_rating, culture_sum = culture_sum + NEW.culture_rating, leadership_sum = leadership_sum + NEW.leadership_rating, recommend_count = recommend_count + NEW.would_recommend, average_rating = CASE WHEN review_count + 1 = 0 THEN 0 ELSE (overall_sum + NEW.overall_rating) * 1.0 / (review_count + 1) END WHERE school_id = NEW.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', +1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_delete AFTER DELETE ON reviews WHEN OLD.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET review_count = review_count - 1, overall_sum = overall_sum - OLD.overall_rating, work_life_balance_sum = work_life_balance_sum - OLD.work_life_balance_rating, compensation_sum = compensation_sum - OLD.compensation_rating, career_opportunities_sum = career_opportunities_sum - OLD.career_opportunities_rating, culture_sum = culture_sum - OLD.culture_rating, leadership_sum = leadership_sum - OLD.leadership_rating, recommend_count = recommend_count - OLD.would_recommend, average_rating = CASE WHEN review_count - 1 = 0 THEN 0 ELSE (overall_sum - OLD.overall_rating) * 1.0 / (review_count - 1) END WHERE school_id = OLD.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', -1) ON CONFLICT (key) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_update_old AFTER UPDATE OF is_approved, school_id, overall_rating, work_life_balance_rating, compensation_rating, career_opportunities_rating, culture_rating, leadership_rating, would_recommend ON reviews WHEN OLD.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET review_count = review_count - 1, overall_sum = overall_sum - OLD.overall_rating, work_life_balance_sum = work_life_balance_sum - OLD.work_life_balance_rating, compensation_sum = compensation_sum - OLD.compensation_rating, career_opportunities_sum = career_opportunities_sum - OLD.career_opportunities_rating, culture_sum = culture_sum - OLD.culture_rating, leadership_sum = leadership_sum - OLD.leadership_rating, recommend_count = recommend_count - OLD.would_recommend, average_rating = CASE WHEN review_count - 1 = 0 THEN 0 ELSE (overall_sum - OLD.overall_rating) * 1.0 / (review_count - 1) END WHERE school_id = OLD.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', -1) ON CONFLICT (key) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER reviews_kept_update_new AFTER UPDATE OF is_approved, school_id, overall_rating, work_life_balance_rating, compensation_rating, career_opportunities_rating, culture_rating, leadership_rating, would_recommend ON reviews WHEN NEW.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET review_count = review_count + 1, overall_sum = overall_sum + NEW.overall_rating, work_life_balance_sum = work_life_balance_sum + NEW.work_life_balance_rating, compensation_sum = compensation_sum + NEW.compensation_rating, career_opportunities_sum = career_opportunities_sum + NEW.career_opportunities_rating, culture_sum = culture_sum + NEW.culture_rating, leadership_sum = leadership_sum + NEW.leadership_rating, recommend_count = recommend_count + NEW.would_recommend, average_rating = CASE WHEN review_count + 1 = 0 THEN 0 ELSE (overall_sum + NEW.overall_rating) * 1.0 / (review_count + 1) END WHERE school_id = NEW.school_id;
  INSERT INTO kept_counts (key, n) VALUES ('reviews.approved', +1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_insert AFTER INSERT ON interview_experiences BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET interview_count = interview_count + 1 WHERE school_id = NEW.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_delete AFTER DELETE ON interview_experiences BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET interview_count = interview_count - 1 WHERE school_id = OLD.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_update AFTER UPDATE OF school_id ON interview_experiences BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET interview_count = interview_count - 1 WHERE school_id = OLD.school_id;
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET interview_count = interview_count + 1 WHERE school_id = NEW.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER moods_kept_insert AFTER INSERT ON school_moods BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET excited_count = excited_count + (NEW.mood = 'excited'), happy_count = happy_count + (NEW.mood = 'happy'), neutral_count = neutral_count + (NEW.mood = 'neutral'), frustrated_count = frustrated_count + (NEW.mood = 'frustrated'), stressed_count = stressed_count + (NEW.mood = 'stressed') WHERE school_id = NEW.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER moods_kept_delete AFTER DELETE ON school_moods BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET excited_count = excited_count - (OLD.mood = 'excited'), happy_count = happy_count - (OLD.mood = 'happy'), neutral_count = neutral_count - (OLD.mood = 'neutral'), frustrated_count = frustrated_count - (OLD.mood = 'frustrated'), stressed_count = stressed_count - (OLD.mood = 'stressed') WHERE school_id = OLD.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER moods_kept_update AFTER UPDATE OF mood, school_id ON school_moods BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET excited_count = excited_count - (OLD.mood = 'excited'), happy_count = happy_count - (OLD.mood = 'happy'), neutral_count = neutral_count - (OLD.mood = 'neutral'), frustrated_count = frustrated_count - (OLD.mood = 'frustrated'), stressed_count = stressed_count - (OLD.mood = 'stressed') WHERE school_id = OLD.school_id;
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET excited_count = excited_count + (NEW.mood = 'excited'), happy_count = happy_count + (NEW.mood = 'happy'), neutral_count = neutral_count + (NEW.mood = 'neutral'), frustrated_count = frustrated_count + (NEW.mood = 'frustrated'), stressed_count = stressed_count + (NEW.mood = 'stressed') WHERE school_id = NEW.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_kept_insert AFTER INSERT ON jobs WHEN NEW.is_active = 1 BEGIN
  INSERT INTO job_day_counts (day, n) VALUES (NEW.posted_at / 86400000, +1) ON CONFLICT (day) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_kept_delete AFTER DELETE ON jobs WHEN OLD.is_active = 1 BEGIN
  INSERT INTO job_day_counts (day, n) VALUES (OLD.posted_at / 86400000, -1) ON CONFLICT (day) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_kept_update_old AFTER UPDATE OF is_active, posted_at ON jobs WHEN OLD.is_active = 1 BEGIN
  INSERT INTO job_day_counts (day, n) VALUES (OLD.posted_at / 86400000, -1) ON CONFLICT (day) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_kept_update_new AFTER UPDATE OF is_active, posted_at ON jobs WHEN NEW.is_active = 1 BEGIN
  INSERT INTO job_day_counts (day, n) VALUES (NEW.posted_at / 86400000, +1) ON CONFLICT (day) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER threads_kept_insert AFTER INSERT ON forum_threads WHEN NEW.is_approved = 1 BEGIN
  INSERT INTO kept_counts (key, n) VALUES ('threads.approved.' || NEW.category_id, +1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER threads_kept_delete AFTER DELETE ON forum_threads WHEN OLD.is_approved = 1 BEGIN
  INSERT INTO kept_counts (key, n) VALUES ('threads.approved.' || OLD.category_id, -1) ON CONFLICT (key) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER threads_kept_update_old AFTER UPDATE OF is_approved, category_id ON forum_threads WHEN OLD.is_approved = 1 BEGIN
  INSERT INTO kept_counts (key, n) VALUES ('threads.approved.' || OLD.category_id, -1) ON CONFLICT (key) DO UPDATE SET n = n - 1;
END;
--> statement-breakpoint
CREATE TRIGGER threads_kept_update_new AFTER UPDATE OF is_approved, category_id ON forum_threads WHEN NEW.is_approved = 1 BEGIN
  INSERT INTO kept_counts (key, n) VALUES ('threads.approved.' || NEW.category_id, +1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER posts_kept_insert AFTER INSERT ON forum_posts WHEN NEW.is_approved = 1 BEGIN
  UPDATE forum_threads SET
    reply_count = (SELECT count(*) FROM forum_posts WHERE thread_id = NEW.thread_id AND is_approved = 1),
    last_reply_at = (SELECT created_at FROM forum_posts WHERE thread_id = NEW.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1),
    last_reply_user_id = (SELECT user_id FROM forum_posts WHERE thread_id = NEW.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1)
  WHERE id = NEW.thread_id;
END;
--> statement-breakpoint
CREATE TRIGGER posts_kept_delete AFTER DELETE ON forum_posts WHEN OLD.is_approved = 1 BEGIN
  UPDATE forum_threads SET
    reply_count = (SELECT count(*) FROM forum_posts WHERE thread_id = OLD.thread_id AND is_approved = 1),
    last_reply_at = (SELECT created_at FROM forum_posts WHERE thread_id = OLD.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1),
    last_reply_user_id = (SELECT user_id FROM forum_posts WHERE thread_id = OLD.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1)
  WHERE id = OLD.thread_id;
END;
--> statement-breakpoint
CREATE TRIGGER posts_kept_update AFTER UPDATE OF is_approved, thread_id, created_at, user_id ON forum_posts WHEN OLD.is_approved = 1 OR NEW.is_approved = 1 BEGIN
  UPDATE forum_threads SET
    reply_count = (SELECT count(*) FROM forum_posts WHERE thread_id = OLD.thread_id AND is_approved = 1),
    last_reply_at = (SELECT created_at FROM forum_posts WHERE thread_id = OLD.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1),
    last_reply_user_id = (SELECT user_id FROM forum_posts WHERE thread_id = OLD.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1)
  WHERE id = OLD.thread_id;
  UPDATE forum_threads SET
    reply_count = (SELECT count(*) FROM forum_posts WHERE thread_id = NEW.thread_id AND is_approved = 1),
    last_reply_at = (SELECT created_at FROM forum_posts WHERE thread_id = NEW.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1),
    last_reply_user_id = (SELECT user_id FROM forum_posts WHERE thread_id = NEW.thread_id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1)
  WHERE id = NEW.thread_id;
END;
--> statement-breakpoint
UPDATE school_stats SET (review_count, overall_sum, work_life_balance_sum, compensation_sum, career_opportunities_sum, culture_sum, leadership_sum, recommend_count, average_rating) = (
  SELECT count(*), coalesce(sum(overall_rating), 0), coalesce(sum(work_life_balance_rating), 0), coalesce(sum(compensation_rating), 0), coalesce(sum(career_opportunities_rating), 0), coalesce(sum(culture_rating), 0), coalesce(sum(leadership_rating), 0), coalesce(sum(would_recommend), 0), coalesce(avg(overall_rating), 0)
  FROM reviews WHERE reviews.school_id = school_stats.school_id AND is_approved = 1);
--> statement-breakpoint
UPDATE school_stats SET interview_count = (SELECT count(*) FROM interview_experiences i WHERE i.school_id = school_stats.school_id);
--> statement-breakpoint
UPDATE school_stats SET excited_count = (SELECT count(*) FROM school_moods m WHERE m.school_id = school_stats.school_id AND m.mood = 'excited'), happy_count = (SELECT count(*) FROM school_moods m WHERE m.school_id = school_stats.school_id AND m.mood = 'happy'), neutral_count = (SELECT count(*) FROM school_moods m WHERE m.school_id = school_stats.school_id AND m.mood = 'neutral'), frustrated_count = (SELECT count(*) FROM school_moods m WHERE m.school_id = school_stats.school_id AND m.mood = 'frustrated'), stressed_count = (SELECT count(*) FROM school_moods m WHERE m.school_id = school_stats.school_id AND m.mood = 'stressed');
--> statement-breakpoint
INSERT INTO kept_counts (key, n) SELECT 'reviews.approved', count(*) FROM reviews WHERE is_approved = 1;
--> statement-breakpoint
INSERT INTO kept_counts (key, n) SELECT 'threads.approved.' || category_id, count(*) FROM forum_threads WHERE is_approved = 1 GROUP BY category_id;
--> statement-breakpoint
INSERT INTO job_day_counts (day, n) SELECT posted_at / 86400000, count(*) FROM jobs WHERE is_active = 1 GROUP BY posted_at / 86400000;
--> statement-breakpoint
UPDATE forum_threads SET
    reply_count = (SELECT count(*) FROM forum_posts WHERE thread_id = forum_threads.id AND is_approved = 1),
    last_reply_at = (SELECT created_at FROM forum_posts WHERE thread_id = forum_threads.id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1),
    last_reply_user_id = (SELECT user_id FROM forum_posts WHERE thread_id = forum_threads.id AND is_approved = 1 ORDER BY created_at DESC, id DESC LIMIT 1);
--> statement-breakpoint
-- The job list's other sorts walk these in order (api/queries/jobs.ts uses the same expressions).
CREATE INDEX jobs_closing_idx ON jobs (is_active, coalesce(application_deadline, 253402300799999), id);
--> statement-breakpoint
CREATE INDEX jobs_salary_idx ON jobs (is_active, coalesce(salary_max, salary_min, 0), id);
--> statement-breakpoint
-- Full-text search (FTS5, external content kept by triggers). Jobs read through a view that adds the school's name.
CREATE VIEW jobs_search_source AS
  SELECT j.id AS id, j.title AS title, j.description AS description, s.name AS school, j.employer_name AS employer
  FROM jobs j LEFT JOIN schools s ON s.id = j.school_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE jobs_fts USING fts5(title, description, school, employer, content = 'jobs_search_source', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO jobs_fts (rowid, title, description, school, employer) VALUES (NEW.id, NEW.title, NEW.description, (SELECT name FROM schools WHERE id = NEW.school_id), NEW.employer_name);
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs BEGIN
  INSERT INTO jobs_fts (jobs_fts, rowid, title, description, school, employer) VALUES ('delete', OLD.id, OLD.title, OLD.description, (SELECT name FROM schools WHERE id = OLD.school_id), OLD.employer_name);
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_update AFTER UPDATE OF title, description, school_id, employer_name ON jobs BEGIN
  INSERT INTO jobs_fts (jobs_fts, rowid, title, description, school, employer) VALUES ('delete', OLD.id, OLD.title, OLD.description, (SELECT name FROM schools WHERE id = OLD.school_id), OLD.employer_name);
  INSERT INTO jobs_fts (rowid, title, description, school, employer) VALUES (NEW.id, NEW.title, NEW.description, (SELECT name FROM schools WHERE id = NEW.school_id), NEW.employer_name);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE schools_fts USING fts5(name, borough, address, content = 'schools', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER schools_fts_insert AFTER INSERT ON schools BEGIN
  INSERT INTO schools_fts (rowid, name, borough, address) VALUES (NEW.id, NEW.name, NEW.borough, NEW.address);
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_delete AFTER DELETE ON schools BEGIN
  INSERT INTO schools_fts (schools_fts, rowid, name, borough, address) VALUES ('delete', OLD.id, OLD.name, OLD.borough, OLD.address);
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_update AFTER UPDATE OF name, borough, address ON schools BEGIN
  INSERT INTO schools_fts (schools_fts, rowid, name, borough, address) VALUES ('delete', OLD.id, OLD.name, OLD.borough, OLD.address);
  INSERT INTO schools_fts (rowid, name, borough, address) VALUES (NEW.id, NEW.name, NEW.borough, NEW.address);
END;
--> statement-breakpoint
-- A school's new name reaches the search index of its jobs.
CREATE TRIGGER schools_fts_jobs AFTER UPDATE OF name ON schools WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO jobs_fts (jobs_fts, rowid, title, description, school, employer) SELECT 'delete', id, title, description, OLD.name, employer_name FROM jobs WHERE school_id = NEW.id;
  INSERT INTO jobs_fts (rowid, title, description, school, employer) SELECT id, title, description, NEW.name, employer_name FROM jobs WHERE school_id = NEW.id;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE forum_threads_fts USING fts5(title, content, content = 'forum_threads', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER threads_fts_insert AFTER INSERT ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (rowid, title, content) VALUES (NEW.id, NEW.title, NEW.content);
END;
--> statement-breakpoint
CREATE TRIGGER threads_fts_delete AFTER DELETE ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (forum_threads_fts, rowid, title, content) VALUES ('delete', OLD.id, OLD.title, OLD.content);
END;
--> statement-breakpoint
CREATE TRIGGER threads_fts_update AFTER UPDATE OF title, content ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (forum_threads_fts, rowid, title, content) VALUES ('delete', OLD.id, OLD.title, OLD.content);
  INSERT INTO forum_threads_fts (rowid, title, content) VALUES (NEW.id, NEW.title, NEW.content);
END;
--> statement-breakpoint
INSERT INTO jobs_fts (jobs_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO schools_fts (schools_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO forum_threads_fts (forum_threads_fts) VALUES ('rebuild');
