CREATE TABLE `take_home_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`fte` text NOT NULL,
	`pension` text NOT NULL,
	`loans` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "take_home_settings_pension_enum" CHECK("take_home_settings"."pension" in ('tps', 'none')),
	CONSTRAINT "take_home_settings_loans_len" CHECK(length("take_home_settings"."loans") <= 40),
	CONSTRAINT "take_home_settings_fte_len" CHECK(length("take_home_settings"."fte") <= 8)
);
