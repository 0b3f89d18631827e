CREATE TABLE "reservation_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL
);
