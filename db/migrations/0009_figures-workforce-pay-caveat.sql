ALTER TABLE `pay_scales` ADD `caveat` text;--> statement-breakpoint
ALTER TABLE `schools` ADD `workforce_census` text;--> statement-breakpoint
ALTER TABLE `schools` ADD `teachers_fte` real;--> statement-breakpoint
ALTER TABLE `schools` ADD `teachers_headcount` integer;--> statement-breakpoint
ALTER TABLE `schools` ADD `teaching_assistants_fte` real;--> statement-breakpoint
ALTER TABLE `schools` ADD `teaching_assistants_headcount` integer;--> statement-breakpoint
ALTER TABLE `schools` ADD `support_staff_fte` real;--> statement-breakpoint
ALTER TABLE `schools` ADD `support_staff_headcount` integer;--> statement-breakpoint
ALTER TABLE `schools` ADD `pupil_teacher_ratio` real;