// The analytics' background job: recording the site statistics of each hour.
import type { Sql } from '../db/connect.ts';
import type { HourlyJob } from '../jobs/hourly.ts';
import { recordSiteStats } from './bss.ts';

export const JOB_SITE_STATS = 'site_stats';

export function analyticsJobHandlers(sql: Sql) {
  return {
    [JOB_SITE_STATS]: async ({ hour }: HourlyJob) => recordSiteStats(sql, new Date(hour)),
  };
}
