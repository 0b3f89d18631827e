import { z } from 'zod';
import { timestamp } from './common';
import { defineCall } from './define';
import { SCHEDULE_DAYS } from './scheduleDays';

export { SCHEDULE_DAYS };

/** A page or form going live or coming down at a set time. */
export const scheduledChange = z.object({
  id: z.number().int(),
  kind: z.enum(['page', 'form']),
  name: z.string(),
  at: timestamp,
  change: z.enum(['publish', 'unpublish']),
});
export type ScheduledChange = z.infer<typeof scheduledChange>;

export const pagesSchedule = defineCall({
  method: 'GET',
  path: 'pages/schedule',
  response: z.object({ data: z.array(scheduledChange) }),
  summary: `Pages and forms that go live or come down in the next ${SCHEDULE_DAYS} days, soonest first (at most 100)`,
});
