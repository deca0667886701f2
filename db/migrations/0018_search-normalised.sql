-- Search through one normalisation (db/search-text.ts): every indexed column is search_text() of
-- the column, the same function the API applies to what is typed, so apostrophes, full stops,
-- accents and the synonyms of London school names (St/Saint, CofE/C of E/Church of England,
-- RC/Roman Catholic/Catholic, ...) match whichever way they were written. Schools also index their
-- postcode (as written and without its space) and their kind: religious character, phase,
-- education level and type, leaving out the register's placeholders ("Does not apply", "None",
-- "Not applicable"). Jobs also index their subjects and borough.
--
-- What is indexed is read from a view (the FTS tables' external content), so the triggers and a
-- 'rebuild' index the same text: a row's old entry is removed BEFORE it changes (read from the
-- view while the row still holds its old values) and its new one added AFTER.
DROP TRIGGER jobs_fts_insert;
--> statement-breakpoint
DROP TRIGGER jobs_fts_delete;
--> statement-breakpoint
DROP TRIGGER jobs_fts_update;
--> statement-breakpoint
DROP TRIGGER schools_fts_insert;
--> statement-breakpoint
DROP TRIGGER schools_fts_delete;
--> statement-breakpoint
DROP TRIGGER schools_fts_update;
--> statement-breakpoint
DROP TRIGGER schools_fts_jobs;
--> statement-breakpoint
DROP TRIGGER threads_fts_insert;
--> statement-breakpoint
DROP TRIGGER threads_fts_delete;
--> statement-breakpoint
DROP TRIGGER threads_fts_update;
--> statement-breakpoint
DROP TABLE jobs_fts;
--> statement-breakpoint
DROP TABLE schools_fts;
--> statement-breakpoint
DROP TABLE forum_threads_fts;
--> statement-breakpoint
DROP VIEW jobs_search_source;
--> statement-breakpoint
CREATE VIEW jobs_search_source AS
  SELECT j.id AS id, search_text(j.title) AS title, search_text(coalesce(j.subjects, j.subject)) AS subject, search_text(s.name) AS school,
         search_text(j.employer_name) AS employer, search_text(j.borough) AS borough, search_text(j.description) AS description
  FROM jobs j LEFT JOIN schools s ON s.id = j.school_id;
--> statement-breakpoint
CREATE VIEW schools_search_source AS
  SELECT id, search_text(name) AS name, search_text(borough) AS borough,
         concat_ws(' ', search_text(postcode), lower(replace(postcode, ' ', ''))) AS postcode, search_text(address) AS address,
         search_text(concat_ws(' ',
           CASE WHEN religious_character NOT IN ('Does not apply', 'None') THEN replace(religious_character, '(group)', '') END,
           CASE WHEN phase <> 'Not applicable' THEN phase END,
           education_level, type)) AS kind
  FROM schools;
--> statement-breakpoint
CREATE VIEW forum_threads_search_source AS
  SELECT id, search_text(title) AS title, search_text(content) AS content FROM forum_threads;
--> statement-breakpoint
CREATE VIRTUAL TABLE jobs_fts USING fts5(title, subject, school, employer, borough, description, content = 'jobs_search_source', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE schools_fts USING fts5(name, borough, postcode, address, kind, content = 'schools_search_source', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE VIRTUAL TABLE forum_threads_fts USING fts5(title, content, content = 'forum_threads_search_source', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs BEGIN
  INSERT INTO jobs_fts (rowid, title, subject, school, employer, borough, description)
    SELECT id, title, subject, school, employer, borough, description FROM jobs_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_delete BEFORE DELETE ON jobs BEGIN
  INSERT INTO jobs_fts (jobs_fts, rowid, title, subject, school, employer, borough, description)
    SELECT 'delete', id, title, subject, school, employer, borough, description FROM jobs_search_source WHERE id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_update_old BEFORE UPDATE OF title, description, school_id, employer_name, subject, subjects, borough ON jobs BEGIN
  INSERT INTO jobs_fts (jobs_fts, rowid, title, subject, school, employer, borough, description)
    SELECT 'delete', id, title, subject, school, employer, borough, description FROM jobs_search_source WHERE id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER jobs_fts_update_new AFTER UPDATE OF title, description, school_id, employer_name, subject, subjects, borough ON jobs BEGIN
  INSERT INTO jobs_fts (rowid, title, subject, school, employer, borough, description)
    SELECT id, title, subject, school, employer, borough, description FROM jobs_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_insert AFTER INSERT ON schools BEGIN
  INSERT INTO schools_fts (rowid, name, borough, postcode, address, kind)
    SELECT id, name, borough, postcode, address, kind FROM schools_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_delete BEFORE DELETE ON schools BEGIN
  INSERT INTO schools_fts (schools_fts, rowid, name, borough, postcode, address, kind)
    SELECT 'delete', id, name, borough, postcode, address, kind FROM schools_search_source WHERE id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_update_old BEFORE UPDATE OF name, borough, postcode, address, religious_character, phase, education_level, type ON schools BEGIN
  INSERT INTO schools_fts (schools_fts, rowid, name, borough, postcode, address, kind)
    SELECT 'delete', id, name, borough, postcode, address, kind FROM schools_search_source WHERE id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_update_new AFTER UPDATE OF name, borough, postcode, address, religious_character, phase, education_level, type ON schools BEGIN
  INSERT INTO schools_fts (rowid, name, borough, postcode, address, kind)
    SELECT id, name, borough, postcode, address, kind FROM schools_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
-- A school's new name reaches the search index of its jobs.
CREATE TRIGGER schools_fts_jobs_old BEFORE UPDATE OF name ON schools WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO jobs_fts (jobs_fts, rowid, title, subject, school, employer, borough, description)
    SELECT 'delete', id, title, subject, school, employer, borough, description FROM jobs_search_source
    WHERE id IN (SELECT id FROM jobs WHERE school_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER schools_fts_jobs_new AFTER UPDATE OF name ON schools WHEN OLD.name IS NOT NEW.name BEGIN
  INSERT INTO jobs_fts (rowid, title, subject, school, employer, borough, description)
    SELECT id, title, subject, school, employer, borough, description FROM jobs_search_source
    WHERE id IN (SELECT id FROM jobs WHERE school_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER threads_fts_insert AFTER INSERT ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (rowid, title, content) SELECT id, title, content FROM forum_threads_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER threads_fts_delete BEFORE DELETE ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (forum_threads_fts, rowid, title, content)
    SELECT 'delete', id, title, content FROM forum_threads_search_source WHERE id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER threads_fts_update_old BEFORE UPDATE OF title, content ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (forum_threads_fts, rowid, title, content)
    SELECT 'delete', id, title, content FROM forum_threads_search_source WHERE id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER threads_fts_update_new AFTER UPDATE OF title, content ON forum_threads BEGIN
  INSERT INTO forum_threads_fts (rowid, title, content) SELECT id, title, content FROM forum_threads_search_source WHERE id = NEW.id;
END;
--> statement-breakpoint
INSERT INTO jobs_fts (jobs_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO schools_fts (schools_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO forum_threads_fts (forum_threads_fts) VALUES ('rebuild');
