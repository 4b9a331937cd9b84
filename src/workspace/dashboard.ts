import { escapeHtml } from '../health/render';
import type { EventBusStats } from '../event-bus/types';
import type { SubApp } from './types';
import { routeInfos } from '../core/server-methods';

/** What the workspace dashboard shows. */
export interface WorkspaceSnapshot {
  generatedAt: string;
  apps: {
    name: string;
    prefix: string | null;
    host: string | null;
    routes: number;
    requests: number;
    errors: number;
    inFlight: number;
    p95Ms: number;
  }[];
  bus: EventBusStats;
}

/** Gathers per-app routes and request counts and the bus counters. */
export function workspaceSnapshot(apps: SubApp[], bus: EventBusStats): WorkspaceSnapshot {
  return {
    generatedAt: new Date().toISOString(),
    apps: apps.map((sub) => {
      const m = sub.collector.snapshot();
      return {
        name: sub.name,
        prefix: sub.prefix,
        host: sub.host,
        routes: routeInfos(sub.app).length,
        requests: m.requests,
        errors: m.errors,
        inFlight: m.inFlight,
        p95Ms: Math.max(0, ...m.routes.map((r) => r.p95Ms)),
      };
    }),
    bus,
  };
}

const script = `
const esc=(t)=>String(t??'').replace(/[&<>"']/g,(c)=>({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'})[c]);
function render(s){
  document.getElementById('apps').innerHTML=s.apps.map((a)=>'<tr data-app="'+esc(a.name)+'"><td>'+esc(a.name)+'</td><td>'+esc(a.prefix||'')+'</td><td>'+esc(a.host||'')+'</td><td>'+a.routes+'</td><td class="requests">'+a.requests+'</td><td>'+a.errors+'</td><td>'+a.p95Ms+'</td></tr>').join('');
  document.getElementById('bus').textContent='bus: '+s.bus.topics+' topics, '+s.bus.handlers+' handlers, '+s.bus.emitted+' events emitted';
  document.getElementById('generated').textContent=s.generatedAt;
}
const config=JSON.parse(document.getElementById('fw-workspace-config').textContent);
render(config.snapshot);
setInterval(()=>fetch(config.jsonUrl,{cache:'no-store'}).then((r)=>r.json()).then(render).catch(()=>{}),config.refreshMs);
`;

/** The workspace dashboard page: one row per app with its mount, routes, requests, errors and p95; refreshes from `jsonUrl`. */
export function renderWorkspaceDashboardHTML(snapshot: WorkspaceSnapshot, jsonUrl: string, refreshMs = 5000): string {
  const config = JSON.stringify({ snapshot, jsonUrl, refreshMs }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>fw workspace</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .6rem;text-align:left}.meta{color:#57606a}</style></head>
<body><h1>fw workspace</h1><p class="meta">generated <span id="generated">${escapeHtml(snapshot.generatedAt)}</span> · <span id="bus"></span></p>
<table><thead><tr><th>app</th><th>prefix</th><th>host</th><th>routes</th><th>requests</th><th>5xx</th><th>p95 ms</th></tr></thead><tbody id="apps"></tbody></table>
<script type="application/json" id="fw-workspace-config">${config}</script>
<script>${script}</script></body></html>`;
}
