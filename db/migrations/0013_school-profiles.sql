CREATE TABLE `school_profiles` (
	`school_id` integer PRIMARY KEY NOT NULL,
	`about` text,
	`website` text,
	`photo` text,
	`photo_width` integer,
	`photo_height` integer,
	`photo_at` integer,
	`pupils` integer,
	`pupils_at` integer,
	`staff` integer,
	`staff_at` integer,
	`phase` text,
	`phase_at` integer,
	`updated_by` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "school_profiles_about_len" CHECK(length("school_profiles"."about") <= 2000),
	CONSTRAINT "school_profiles_website_len" CHECK(length("school_profiles"."website") <= 255),
	CONSTRAINT "school_profiles_photo_key" CHECK("school_profiles"."photo" is null or "school_profiles"."photo" glob '[0-9]*-[0-9a-f]*'),
	CONSTRAINT "school_profiles_pupils_range" CHECK("school_profiles"."pupils" is null or "school_profiles"."pupils" between 1 and 10000),
	CONSTRAINT "school_profiles_staff_range" CHECK("school_profiles"."staff" is null or "school_profiles"."staff" between 1 and 2000),
	CONSTRAINT "school_profiles_phase_enum" CHECK("school_profiles"."phase" is null or "school_profiles"."phase" in ('Nursery', 'Primary', 'Middle deemed primary', 'Middle deemed secondary', 'Secondary', 'All-through', '16 plus'))
);
--> statement-breakpoint
-- What a school's staff write on its page, and who its live staff are ("Managed by the school"),
-- are part of the school page's public answer: they move the 'schools' data version (decision 1057).
CREATE TRIGGER school_profiles_dv_insert AFTER INSERT ON school_profiles BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_profiles_dv_update AFTER UPDATE ON school_profiles BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_profiles_dv_delete AFTER DELETE ON school_profiles BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_members_dv_insert AFTER INSERT ON school_members BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_members_dv_update AFTER UPDATE OF verified_at, confirmed_at, school_id ON school_members BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
--> statement-breakpoint
CREATE TRIGGER school_members_dv_delete AFTER DELETE ON school_members BEGIN
  UPDATE data_versions SET version = version + 1 WHERE tag = 'schools';
END;
