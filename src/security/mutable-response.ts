/** Returns a response whose headers can be changed: the same one when they already can, else a copy. */
export function mutableResponse(response: Response): Response {
  try {
    response.headers.set('x-fw-probe', '1');
    response.headers.delete('x-fw-probe');
    return response;
  } catch {
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
  }
}

/** Adds a token to the Vary header without repeating it (any case); `*` replaces the list, and a list holding `*` stays. */
export function appendVary(headers: Headers, token: string): void {
  const current = headers.get('vary');
  if (!current || token === '*') return headers.set('vary', token);
  const tokens = current.split(',').map((t) => t.trim().toLowerCase());
  if (!tokens.includes('*') && !tokens.includes(token.toLowerCase())) headers.set('vary', `${current}, ${token}`);
}
