/** `npm run build:worker`: bundles the example worker offline with `wrangler deploy --dry-run --outdir dist/worker`. */
import { spawnSync } from 'node:child_process';
import { offlineEnv, root, wranglerBin } from './wrangler';

const outdir = process.argv[2] ?? 'dist/worker';
const run = spawnSync(process.execPath, [wranglerBin, 'deploy', '--dry-run', '--outdir', outdir], {
  cwd: root,
  env: offlineEnv(),
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
