/** The route tables and lookups of Hono's router benchmark, plus the 224 extra routes of bun-http-framework-benchmark. */

/** One registered route. */
export interface RouteDef {
  method: string;
  path: string;
}

/** One timed lookup and the route (with params) a correct router must answer it with. */
export interface Lookup {
  name: string;
  method: string;
  path: string;
  expect: { route: string; params: Record<string, string> };
}

/** The 12 routes of Hono's `benchmarks/routers`. */
export const honoRoutes: RouteDef[] = [
  { method: 'GET', path: '/user' },
  { method: 'GET', path: '/user/comments' },
  { method: 'GET', path: '/user/avatar' },
  { method: 'GET', path: '/user/lookup/username/:username' },
  { method: 'GET', path: '/user/lookup/email/:address' },
  { method: 'GET', path: '/event/:id' },
  { method: 'GET', path: '/event/:id/comments' },
  { method: 'POST', path: '/event/:id/comment' },
  { method: 'GET', path: '/map/:location/events' },
  { method: 'GET', path: '/status' },
  { method: 'GET', path: '/very/deeply/nested/route/hello/there' },
  { method: 'GET', path: '/static/*' },
];

/** The 7 lookups of Hono's `benchmarks/routers`, with their expected answers. */
export const lookups: Lookup[] = [
  { name: 'short static', method: 'GET', path: '/user', expect: { route: 'GET /user', params: {} } },
  { name: 'static with same radix', method: 'GET', path: '/user/comments', expect: { route: 'GET /user/comments', params: {} } },
  {
    name: 'dynamic route',
    method: 'GET',
    path: '/user/lookup/username/hey',
    expect: { route: 'GET /user/lookup/username/:username', params: { username: 'hey' } },
  },
  {
    name: 'mixed static dynamic',
    method: 'GET',
    path: '/event/abcd1234/comments',
    expect: { route: 'GET /event/:id/comments', params: { id: 'abcd1234' } },
  },
  {
    name: 'post',
    method: 'POST',
    path: '/event/abcd1234/comment',
    expect: { route: 'POST /event/:id/comment', params: { id: 'abcd1234' } },
  },
  {
    name: 'long static',
    method: 'GET',
    path: '/very/deeply/nested/route/hello/there',
    expect: { route: 'GET /very/deeply/nested/route/hello/there', params: {} },
  },
  { name: 'wildcard', method: 'GET', path: '/static/index.html', expect: { route: 'GET /static/*', params: { '*': 'index.html' } } },
];

const extraBase = [
  '/account/preferences',
  '/articles/archive',
  '/billing/invoices',
  '/catalog/featured',
  '/checkout/summary',
  '/comments/recent',
  '/dashboard/activity',
  '/events/upcoming',
  '/files/shared',
  '/health/details',
  '/integrations/status',
  '/messages/unread',
  '/notifications/history',
  '/orders/tracking',
  '/products/recommended',
  '/reports/monthly',
  '/search/suggestions',
  '/sessions/active',
  '/teams/members',
  '/users/profile',
  '/users/:id/profile',
  '/users/:id/settings',
  '/users/:id/notifications',
  '/users/:id/messages',
  '/users/:id/messages/:messageId',
  '/users/:id/messages/:messageId/replies',
  '/users/:id/messages/:messageId/attachments',
  '/users/:id/messages/:messageId/attachments/:attachmentId',
];

/**
 * bun-http-framework-benchmark's `extra-routes`: 28 paths, each also under `/:locale`, `/v2` and `/v2/:locale`
 * (112 paths), registered as GET and as POST `<path>/submit`: 224 routes.
 */
export const extraRoutes: RouteDef[] = (() => {
  const paths = [
    ...extraBase,
    ...extraBase.map((p) => `/:locale${p}`),
    ...extraBase.map((p) => `/v2${p}`),
    ...extraBase.map((p) => `/v2/:locale${p}`),
  ];
  return [...paths.map((path) => ({ method: 'GET', path })), ...paths.map((path) => ({ method: 'POST', path: `${path}/submit` }))];
})();

/** The two tables: Hono's 12 routes alone, and the same with the 224 extra routes registered first. */
export const tables: Record<string, RouteDef[]> = {
  '12 routes': honoRoutes,
  '12 + 224 extra routes': [...extraRoutes, ...honoRoutes],
};
