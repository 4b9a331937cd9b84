/**
 * In-isolate request loop around a contestant's bundled app (./app.mjs, a copy of the wrangler output): GET /__loop?case=&n=
 * makes and answers n requests of the case inside the worker, reading each answer, and returns the last answer's
 * status, Access-Control-Allow-Origin and body as JSON; any other request goes to the app.
 */
import app from './app.mjs';

const body = '{"name":"Ann"}';

// An HTTP request with a JSON body carries its Content-Length; a Request made here from a string does not by itself.
const requests = {
  hello: () => new Request('http://localhost/'),
  api: () =>
    new Request('http://localhost/users/42', {
      method: 'POST',
      headers: { origin: 'https://app.example', 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    }),
};

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== '/__loop') return app.fetch(request, env, ctx);
    const make = requests[url.searchParams.get('case')];
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
