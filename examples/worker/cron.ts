/** The example's cron job: records each trigger in KV so `GET /kv/last-cron` shows when it last ran. */
import { workersKV, type WorkerScheduledController } from 'fw/worker';
import type { Env } from './env';

/** Stores the cron expression and the time it was due under the `last-cron` key. */
export async function recordCron(controller: WorkerScheduledController, env: Env): Promise<void> {
  const run = { cron: controller.cron, scheduledTime: new Date(controller.scheduledTime).toISOString() };
  await workersKV(env.KV).put('last-cron', JSON.stringify(run));
}
