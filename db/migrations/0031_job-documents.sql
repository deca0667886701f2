CREATE TABLE `job_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`name` text NOT NULL,
	`file` text NOT NULL,
	`bytes` integer NOT NULL,
	`uploaded_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "job_documents_name_len" CHECK(length("job_documents"."name") <= 100),
	CONSTRAINT "job_documents_file_key" CHECK("job_documents"."file" glob '[0-9]*-[0-9a-f]*.pdf'),
	CONSTRAINT "job_documents_bytes_range" CHECK("job_documents"."bytes" between 1 and 5242880)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_documents_file_idx` ON `job_documents` (`job_id`,`file`);--> statement-breakpoint
-- A job's documents are part of its public page (decision 1057): a change moves the 'jobs' version.
CREATE TRIGGER job_documents_dv_insert AFTER INSERT ON job_documents BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'jobs';
END;
--> statement-breakpoint
CREATE TRIGGER job_documents_dv_delete AFTER DELETE ON job_documents BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'jobs';
END;
