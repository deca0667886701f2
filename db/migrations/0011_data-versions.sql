CREATE TABLE `data_versions` (
	`tag` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
