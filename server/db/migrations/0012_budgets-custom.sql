-- Reservations stored before the daily totals were kept are counted once, here.
INSERT INTO reservation_daily_totals (day, total, amount)
SELECT (reserved_at AT TIME ZONE 'UTC')::date, count(*), sum(amount)
FROM reservations
GROUP BY 1
ON CONFLICT (day) DO NOTHING;
