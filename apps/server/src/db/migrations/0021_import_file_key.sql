ALTER TABLE "import_jobs" ALTER COLUMN "file" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "file_key" text;