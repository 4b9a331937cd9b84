/** The dashboard's stylesheet: one column on a phone, the tables beside the charts on a wide screen. */
export const dashboardStyle = `*{box-sizing:border-box}
body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:1rem;color:#1b1f24;background:#f6f8fa}
h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:1.25rem 0 .5rem}
.badge{display:inline-block;padding:.15rem .6rem;border-radius:1rem;font-weight:600;color:#fff}
.healthy,.CLOSED{background:#1a7f37}.unhealthy,.OPEN{background:#cf222e}.HALF_OPEN{background:#bf8700}
.meta{color:#57606a;overflow-wrap:anywhere}#error{color:#cf222e}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:0 1.5rem}
@media (min-width:1100px){.layout{grid-template-columns:minmax(18rem,1fr) minmax(0,2.4fr)}}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;background:#fff;width:100%}
td,th{border:1px solid #d0d7de;padding:.35rem .6rem;text-align:left;vertical-align:top}
td{overflow-wrap:break-word}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.charts{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,20rem),1fr))}
figure.chart{margin:0;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:.5rem;min-width:0}
figure.chart>svg{display:block;width:100%;height:auto}
figcaption{font-size:.85rem}
.legend{list-style:none;margin:.25rem 0 0;padding:0}
.legend li{display:inline-block;max-width:100%;margin:0 .9rem .1rem 0;overflow-wrap:anywhere}
.legend svg{vertical-align:middle;margin-right:.3rem}
`;

/**
 * The dashboard's script: every `data-refresh-ms` it fetches the page again (same URL, same credentials) and swaps
 * in the new `#fw-health`, so charts and tables are rendered once, on the server; a failed fetch is shown, not thrown.
 */
export const dashboardScript = `(()=>{
const body=document.body;const every=Number(body.dataset.refreshMs);if(!(every>0))return;let busy=false;
const refresh=async()=>{
  if(busy)return;busy=true;
  try{
    const r=await fetch(location.href,{cache:'no-store',headers:{accept:'text/html'}});
    if(!r.ok)throw new Error('HTTP '+r.status);
    const next=new DOMParser().parseFromString(await r.text(),'text/html').getElementById('fw-health');
    if(!next)throw new Error('no dashboard in the answer');
    document.getElementById('fw-health').replaceWith(document.adoptNode(next));
    body.dataset.refreshes=String(Number(body.dataset.refreshes||'0')+1);
  }catch(e){const el=document.getElementById('error');if(el)el.textContent='refresh failed: '+e.message;}
  finally{busy=false;}
};
setInterval(refresh,every);
})();
`;
