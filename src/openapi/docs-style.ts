/** The stylesheet of the docs page, the portal and the static HTML export (served by the app itself, no web fonts). */
export const docsStyle = `
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d232b; background: #f6f7f9; }
code, pre, .fw-prop-type, .fw-rule, .fw-media, .fw-code, .fw-method { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
#fw-docs { max-width: 1040px; margin: 0 auto; padding: 24px; }
.fw-header h1 { display: inline-block; margin: 0 12px 4px 0; }
.fw-version { color: #6a7380; margin-right: 12px; }
.fw-spec-link { font-size: 13px; color: #1565c0; }
.fw-tag { margin-top: 24px; }
.fw-tag h2 { margin: 28px 0 8px; border-bottom: 1px solid #dde1e6; padding-bottom: 4px; }
.fw-tag-head { cursor: pointer; list-style: none; display: flex; align-items: baseline; gap: 12px; border-bottom: 1px solid #dde1e6; padding-bottom: 4px; margin-bottom: 8px; }
.fw-tag-head h2 { margin: 0; border: 0; padding: 0; font-size: 21px; }
summary.fw-tag-head::before, summary.fw-op-head::before { content: "\\25B8"; color: #8a929d; display: inline-block; width: 12px; }
details[open] > .fw-tag-head::before, details[open] > .fw-op-head::before { content: "\\25BE"; }
.fw-tag-head::-webkit-details-marker, .fw-op-head::-webkit-details-marker { display: none; }
.fw-count { color: #6a7380; font-size: 13px; }
.fw-op { --fw-m: #6a7380; background: #fff; border: 1px solid #dde1e6; border-left: 4px solid var(--fw-m); border-radius: 6px; margin: 8px 0; }
.fw-get { --fw-m: #1565c0; } .fw-post { --fw-m: #2e7d32; } .fw-put, .fw-patch { --fw-m: #e65100; } .fw-delete { --fw-m: #c62828; }
.fw-op-head { cursor: pointer; list-style: none; padding: 8px 12px; display: flex; gap: 12px; align-items: center; margin: 0; font-size: 15px; font-weight: 400; }
.fw-op[open] > .fw-op-head { border-bottom: 1px solid #eef0f3; }
.fw-method { display: inline-block; min-width: 64px; text-align: center; padding: 1px 0; border-radius: 4px; background: var(--fw-m); color: #fff; font-size: 13px; font-weight: 700; }
.fw-path { font-size: 14px; font-weight: 600; }
.fw-summary { color: #4a525d; }
.fw-deprecated .fw-path { text-decoration: line-through; }
.fw-badge { font-size: 12px; background: #fbe9e7; color: #bf360c; padding: 0 6px; border-radius: 4px; }
.fw-auth-badge { background: #e8eaf6; color: #303f9f; margin-left: auto; }
.fw-op-body { padding: 2px 16px 14px; }
.fw-part { overflow-x: auto; }
.fw-part h4 { margin: 16px 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #4a525d; }
.fw-note { margin-left: 8px; text-transform: none; letter-spacing: 0; font-weight: 400; color: #6a7380; }
.fw-table, .fw-params { width: 100%; border-collapse: collapse; font-size: 14px; }
.fw-table { table-layout: fixed; overflow-wrap: anywhere; }
.fw-schema-table th:nth-child(1) { width: 34%; } .fw-schema-table th:nth-child(2) { width: 22%; }
.fw-params-table th:nth-child(1) { width: 22%; } .fw-params-table th:nth-child(2) { width: 8%; } .fw-params-table th:nth-child(3) { width: 16%; } .fw-params-table th:nth-child(5) { width: 18%; }
.fw-table th, .fw-params th { text-align: left; font-size: 12px; font-weight: 600; color: #6a7380; padding: 4px 8px; border-bottom: 1px solid #dde1e6; }
.fw-table td, .fw-params td { padding: 5px 8px; border-bottom: 1px solid #eef0f3; vertical-align: top; }
.fw-prop-name code { font-weight: 600; }
.fw-tree { color: #a0a7b1; }
.fw-required { margin-left: 6px; font-size: 11px; font-weight: 600; color: #c62828; text-transform: uppercase; }
.fw-prop-type { font-size: 13px; color: #6d4c9e; }
.fw-prop-description { margin-right: 6px; }
.fw-rule { display: inline-block; margin: 2px 4px 0 0; padding: 0 6px; font-size: 12px; border-radius: 4px; background: #eef1f5; color: #4a525d; }
.fw-schema-type { margin: 4px 0; }
.fw-schema-type code { color: #6d4c9e; margin-right: 8px; }
.fw-media { font-size: 12px; color: #6a7380; margin-top: 6px; }
.fw-example-title { font-size: 12px; color: #6a7380; margin-top: 8px; }
.fw-example-value, pre.fw-schema { background: #f3f5f8; border: 1px solid #e3e6ea; border-radius: 4px; padding: 8px 10px; margin: 4px 0 0; font-size: 13px; overflow: auto; max-height: 360px; }
.fw-status { border-top: 1px solid #eef0f3; padding: 8px 0; }
.fw-status:first-of-type { border-top: 0; }
.fw-status-head { display: flex; gap: 10px; align-items: center; }
.fw-code { font-size: 13px; font-weight: 700; padding: 0 8px; border-radius: 4px; background: #eceff1; color: #37474f; }
.fw-status-2 .fw-code { background: #e8f5e9; color: #2e7d32; } .fw-status-3 .fw-code { background: #e3f2fd; color: #1565c0; }
.fw-status-4 .fw-code { background: #fff3e0; color: #e65100; } .fw-status-5 .fw-code { background: #ffebee; color: #c62828; }
.fw-description, .fw-responses { margin: 8px 0; }
.fw-field { display: flex; gap: 8px; align-items: center; margin: 4px 0; }
.fw-field-name { min-width: 140px; font-family: ui-monospace, monospace; }
.fw-field-in { color: #6a7380; font-size: 12px; min-width: 48px; }
.fw-field input { flex: 1; padding: 4px 6px; }
.fw-auth { max-width: 640px; }
.fw-body { align-items: flex-start; }
.fw-body textarea { flex: 1; font-family: ui-monospace, monospace; }
.fw-send { margin-top: 6px; padding: 4px 18px; }
.fw-response { background: #1d232b; color: #e8eaed; padding: 10px; border-radius: 4px; white-space: pre-wrap; min-height: 1em; margin: 8px 0; }
.fw-response:empty { display: none; }
section.fw-op { padding: 0 12px 8px; }
`;
