/** The stylesheet of the docs page and the portal (served by the app itself, no web fonts). */
export const docsStyle = `
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d232b; background: #f6f7f9; }
#fw-docs { max-width: 960px; margin: 0 auto; padding: 24px; }
.fw-header h1 { display: inline-block; margin: 0 12px 8px 0; }
.fw-version { color: #6a7380; }
.fw-tag h2 { margin-top: 28px; border-bottom: 1px solid #dde1e6; padding-bottom: 4px; }
.fw-op { background: #fff; border: 1px solid #dde1e6; border-radius: 6px; margin: 8px 0; }
.fw-op-head { cursor: pointer; padding: 8px 12px; display: flex; gap: 12px; align-items: center; }
.fw-method { font-weight: 700; min-width: 64px; font-family: ui-monospace, monospace; }
.fw-get .fw-method { color: #1565c0; } .fw-post .fw-method { color: #2e7d32; } .fw-put .fw-method, .fw-patch .fw-method { color: #ef6c00; } .fw-delete .fw-method { color: #c62828; }
.fw-summary { color: #4a525d; }
.fw-deprecated .fw-path { text-decoration: line-through; }
.fw-badge { font-size: 12px; background: #fbe9e7; color: #bf360c; padding: 0 6px; border-radius: 4px; }
.fw-description, .fw-try, .fw-responses, .fw-response { margin: 8px 12px; }
.fw-field { display: flex; gap: 8px; align-items: center; margin: 4px 0; }
.fw-field-name { min-width: 140px; font-family: ui-monospace, monospace; }
.fw-field-in { color: #6a7380; font-size: 12px; min-width: 48px; }
.fw-field input { flex: 1; padding: 4px 6px; }
.fw-body { align-items: flex-start; }
.fw-body textarea { flex: 1; font-family: ui-monospace, monospace; }
.fw-send { margin-top: 6px; padding: 4px 14px; }
.fw-response { background: #1d232b; color: #e8eaed; padding: 10px; border-radius: 4px; white-space: pre-wrap; min-height: 1em; }
.fw-response:empty { display: none; }
`;
