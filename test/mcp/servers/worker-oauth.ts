/** The OAuth test app (oauth-app.ts) as a Workers module, with the options of `oauth()` a test bundles in as `__OAUTH__`. */
import { worker } from 'fw/worker';
import { oauth, type MCPOAuthOptions } from 'fw-mcp';
import { oauthApp } from './oauth-app';

declare const __OAUTH__: MCPOAuthOptions;

export default worker(oauthApp({ oauth: oauth(__OAUTH__) }));
