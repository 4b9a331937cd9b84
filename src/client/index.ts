/** `fw/client`: a client typed from an app's type, over Web fetch or in process through `app.fetch`. */
export { createClient, type ClientOptions, type Fetcher } from './client';
export { fillPath, queryString } from './url';
export type { CallInput, CallResult, Client, ClientMethod, EntryOf, ErrorBody, PathsOf, RoutesOf } from './types';
