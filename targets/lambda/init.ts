/** Init-phase work of the Lambda target: warm the app up at module scope, then mark the instance ready. */
import type { CoreFw } from 'fw';
import { markReady } from '../serverless/cold-start';
import { warmUp } from '../serverless/warm-up';
import type { LambdaOptions } from './types';

/** Starts the warm-up now (Lambda's init phase runs at full CPU) and returns a promise the first invocation waits on; it never rejects. */
export function startInit(app: CoreFw, options: LambdaOptions): Promise<void> {
  if (options.warmUp === false) {
    markReady();
    return Promise.resolve();
  }
  return warmUp(app, options.warmUp)
    .then(
      (report) => {
        for (const error of report.errors) console.warn('fw/lambda: a preload failed during warm-up (it is retried on next use)', error);
      },
      (error: unknown) => console.error('fw/lambda: warm-up failed; requests will answer with the error', error),
    )
    .finally(markReady);
}
