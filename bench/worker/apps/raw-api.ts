/** The baseline of the realistic route: POST /users/:id with CORS and a JSON body, by hand with no framework. */
export default {
  async fetch(request: Request): Promise<Response> {
    const id = /^\/users\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
    if (request.method !== 'POST' || !id) return new Response('Hello');
    const body = (await request.json()) as Record<string, unknown>;
    const origin = request.headers.get('origin');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (origin === 'https://app.example') headers['access-control-allow-origin'] = origin;
    return new Response(JSON.stringify({ id, ...body }), { headers });
  },
};
