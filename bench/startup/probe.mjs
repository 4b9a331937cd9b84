/**
 * One Node start-up sample, run as `node probe.mjs <app.mjs>` in a fresh process: imports the app (which imports its
 * framework), answers one `app.fetch(new Request(...))`, and prints the time since the process started (Node's
 * performance time origin), the CPU it used so far, and the answer, as JSON.
 */
const { default: app } = await import(process.argv[2]);
const response = await app.fetch(new Request('http://localhost/'));
const body = await response.text();
const wallMs = performance.now();
const { user, system } = process.cpuUsage();
process.stdout.write(JSON.stringify({ wallMs, cpuMs: (user + system) / 1000, status: response.status, body }));
