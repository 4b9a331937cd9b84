import type { HealthDashboardSnapshot } from './snapshot';

/** Options of the dashboard page. */
export interface DashboardRenderOptions {
  title?: string;
  /** URL the page polls for fresh snapshots (JSON); no polling when absent. */
  snapshotUrl?: string;
  /** Poll period in ms (default 5000). */
  refreshMs?: number;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]);
}

/** JSON safe to embed inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const style = `
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#1b1f24;background:#f6f8fa}
h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
.badge{display:inline-block;padding:.15rem .6rem;border-radius:1rem;font-weight:600;color:#fff}
.healthy,.CLOSED{background:#1a7f37}.unhealthy,.OPEN{background:#cf222e}.HALF_OPEN{background:#bf8700}
table{border-collapse:collapse;background:#fff;min-width:28rem}td,th{border:1px solid #d0d7de;padding:.35rem .6rem;text-align:left}
.meta{color:#57606a}`;

/** The client script: re-renders the tables from a snapshot, and polls `snapshotUrl` when given. */
const script = `
const esc=(t)=>String(t).replace(/[&<>"']/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
function render(s){
  document.getElementById('status').className='badge '+s.status;
  document.getElementById('status').textContent=s.status;
  document.getElementById('generated').textContent=s.generatedAt;
  document.getElementById('uptime').textContent=Math.round(s.uptimeMs/1000)+' s';
  document.getElementById('checks').innerHTML=Object.entries(s.checks).map(([n,c])=>'<tr data-check="'+esc(n)+'"><td>'+esc(n)+'</td><td><span class="badge '+esc(c.status)+'">'+esc(c.status)+'</span></td><td>'+esc(c.durationMs)+' ms</td><td>'+esc(c.error||'')+'</td></tr>').join('')||'<tr><td colspan="4">no checks</td></tr>';
  document.getElementById('breakers').innerHTML=s.circuitBreakers.map((b)=>'<tr><td>'+esc(b.name)+'</td><td><span class="badge '+esc(b.state)+'">'+esc(b.state)+'</span></td><td>'+esc(b.failures)+'</td><td>'+esc(b.rejected)+'</td></tr>').join('')||'<tr><td colspan="4">none</td></tr>';
  document.getElementById('jobs').innerHTML=s.jobs.map((j)=>'<tr><td>'+esc(j.name)+'</td><td>'+esc(j.cron)+'</td><td>'+esc(j.runs)+'</td><td>'+esc(j.failures)+'</td><td>'+esc(j.nextRunAt||'')+'</td></tr>').join('')||'<tr><td colspan="5">none</td></tr>';
  document.body.dataset.refreshes=String(Number(document.body.dataset.refreshes||'0')+1);
}
const config=JSON.parse(document.getElementById('fw-health-config').textContent);
render(config.snapshot);
if(config.snapshotUrl){setInterval(()=>fetch(config.snapshotUrl,{cache:'no-store',headers:{accept:'application/json'}}).then((r)=>r.json()).then(render).catch((e)=>{document.getElementById('error').textContent='refresh failed: '+e.message;}),config.refreshMs);}
`;

/** A self-contained dashboard page (no external assets) showing each check, breaker and job; it refreshes itself from `snapshotUrl`. */
export function renderHealthDashboardHTML(snapshot: HealthDashboardSnapshot, options: DashboardRenderOptions = {}): string {
  const title = escapeHtml(options.title ?? 'fw health');
  const refreshMs = options.refreshMs ?? 5000;
  if (!Number.isFinite(refreshMs) || refreshMs < 100)
    throw new TypeError(`Dashboard refreshMs must be a number >= 100, got ${String(refreshMs)}`);
  const config = scriptJson({ snapshot, snapshotUrl: options.snapshotUrl ?? null, refreshMs });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${style}</style></head>
<body>
<h1>${title} <span id="status" class="badge ${escapeHtml(snapshot.status)}">${escapeHtml(snapshot.status)}</span></h1>
<p class="meta">generated <span id="generated">${escapeHtml(snapshot.generatedAt)}</span> · uptime <span id="uptime"></span> · ${snapshot.app.routes} routes · plugins: ${escapeHtml(snapshot.app.plugins.join(', ') || 'none')} <span id="error"></span></p>
<h2>Checks</h2><table><thead><tr><th>check</th><th>status</th><th>duration</th><th>error</th></tr></thead><tbody id="checks"></tbody></table>
<h2>Circuit breakers</h2><table><thead><tr><th>name</th><th>state</th><th>failures</th><th>rejected</th></tr></thead><tbody id="breakers"></tbody></table>
<h2>Scheduled jobs</h2><table><thead><tr><th>job</th><th>cron</th><th>runs</th><th>failures</th><th>next run</th></tr></thead><tbody id="jobs"></tbody></table>
<script type="application/json" id="fw-health-config">${config}</script>
<script>${script}</script>
</body></html>`;
}
