CREATE TABLE `school_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer,
	`actor_user_id` text,
	`action` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `school_audit_school_idx` ON `school_audit` (`school_id`,`at`);--> statement-breakpoint
CREATE INDEX `school_audit_at_idx` ON `school_audit` (`at`);--> statement-breakpoint
CREATE INDEX `school_audit_actor_idx` ON `school_audit` (`actor_user_id`);--> statement-breakpoint
CREATE TABLE `school_claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`school_id` integer NOT NULL,
	`email` text NOT NULL,
	`domain` text NOT NULL,
	`domain_rule` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`state` text NOT NULL,
	`role` text,
	`invited_by` text,
	`decided_by` text,
	`decided_at` integer,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "school_claims_kind_enum" CHECK("school_claims"."kind" in ('claim', 'invite', 'confirm')),
	CONSTRAINT "school_claims_state_enum" CHECK("school_claims"."state" in ('pending-email', 'pending', 'approved', 'rejected')),
	CONSTRAINT "school_claims_domain_rule_enum" CHECK("school_claims"."domain_rule" in ('register-website', 'admin-added')),
	CONSTRAINT "school_claims_role_enum" CHECK("school_claims"."role" is null or "school_claims"."role" in ('admin', 'editor')),
	CONSTRAINT "school_claims_email_len" CHECK(length("school_claims"."email") <= 254),
	CONSTRAINT "school_claims_reason_len" CHECK(length("school_claims"."reason") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_claims_token_hash_unique` ON `school_claims` (`token_hash`);--> statement-breakpoint
CREATE INDEX `school_claims_school_state_idx` ON `school_claims` (`school_id`,`state`);--> statement-breakpoint
CREATE INDEX `school_claims_state_idx` ON `school_claims` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `school_claims_user_idx` ON `school_claims` (`user_id`);--> statement-breakpoint
CREATE INDEX `school_claims_email_idx` ON `school_claims` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `school_domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` integer NOT NULL,
	`domain` text NOT NULL,
	`added_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "school_domains_domain_len" CHECK(length("school_domains"."domain") <= 253)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_domains_school_domain_idx` ON `school_domains` (`school_id`,`domain`);--> statement-breakpoint
CREATE TABLE `school_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`school_id` integer NOT NULL,
	`role` text NOT NULL,
	`method` text NOT NULL,
	`email` text,
	`verified_at` integer NOT NULL,
	`verified_by` text,
	`confirmed_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`verified_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "school_members_role_enum" CHECK("school_members"."role" in ('admin', 'editor')),
	CONSTRAINT "school_members_method_enum" CHECK("school_members"."method" in ('email', 'dfe-sign-in', 'invite', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `school_members_user_school_idx` ON `school_members` (`user_id`,`school_id`);--> statement-breakpoint
CREATE INDEX `school_members_school_idx` ON `school_members` (`school_id`,`role`);