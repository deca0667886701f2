-- Sessions get a real user_id (foreign key, index, cascade): "her sessions" was json_extract over every row.
-- SQLite cannot add a NOT NULL column to a table, so the table is rebuilt, each row's user taken from its
-- JSON; a session whose user no longer exists is dropped (it could never sign anyone in).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `__new_sessions`(`sid`, `sess`, `expire`, `user_id`)
	SELECT `sid`, `sess`, `expire`, json_extract(`sess`, '$.userId') FROM `sessions`
	WHERE json_extract(`sess`, '$.userId') IN (SELECT `id` FROM `users`);--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
