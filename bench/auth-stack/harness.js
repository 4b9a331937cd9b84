/**
 * In-isolate request loop around a contestant's bundled app (./app.mjs): GET /__loop?n= makes and answers n
 * authenticated CORS requests (GET /api/me with an API key and a JWT) inside the worker, reading each answer, and
 * returns the last answer's status, Access-Control-Allow-Origin and body; any other request goes to the app.
 * __TOKEN__ is replaced by a JWT signed when the bench starts.
 */
import app from './app.mjs';

const token = '__TOKEN__';
const make = () =>
  new Request('http://localhost/api/me', {
    headers: { origin: 'https://app.example', 'x-api-key': 'Bearer bench-api-key-0123456789', authorization: `Bearer ${token}` },
  });

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== '/__loop') return app.fetch(request, env, ctx);
    const n = Number(url.searchParams.get('n'));
    let response;
    let body = '';
    for (let i = 0; i < n; i++) {
      response = await app.fetch(make(), env, ctx);
      body = await response.text();
    }
    return Response.json({ status: response.status, origin: response.headers.get('access-control-allow-origin'), body });
  },
};
