-- A school's interview count (its interviews list's total) counts the interviews the public sees:
-- approved ones (is_approved = 1). Before, a hidden interview left the list but stayed in the count,
-- so the list could show none while its total said one (decision 1422, addendum of 2026-11-27).
DROP TRIGGER IF EXISTS interviews_kept_insert;
--> statement-breakpoint
DROP TRIGGER IF EXISTS interviews_kept_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS interviews_kept_update;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_insert AFTER INSERT ON interview_experiences WHEN NEW.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET interview_count = interview_count + 1 WHERE school_id = NEW.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_delete AFTER DELETE ON interview_experiences WHEN OLD.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET interview_count = interview_count - 1 WHERE school_id = OLD.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_update_old AFTER UPDATE OF is_approved, school_id ON interview_experiences WHEN OLD.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (OLD.school_id);
  UPDATE school_stats SET interview_count = interview_count - 1 WHERE school_id = OLD.school_id;
END;
--> statement-breakpoint
CREATE TRIGGER interviews_kept_update_new AFTER UPDATE OF is_approved, school_id ON interview_experiences WHEN NEW.is_approved = 1 BEGIN
  INSERT OR IGNORE INTO school_stats (school_id) VALUES (NEW.school_id);
  UPDATE school_stats SET interview_count = interview_count + 1 WHERE school_id = NEW.school_id;
END;
--> statement-breakpoint
UPDATE school_stats SET interview_count = (SELECT count(*) FROM interview_experiences i WHERE i.school_id = school_stats.school_id AND i.is_approved = 1);
