-- Sign-in and enquiry limits now count an address by its hash of the day: the counters keyed by
-- a raw address are dropped (each window lasts minutes, so at most one window's count is lost).
DELETE FROM "login_failures" WHERE "key" LIKE 'ip:%';
--> statement-breakpoint
DELETE FROM "rate_windows" WHERE "key" LIKE 'submit:%';
