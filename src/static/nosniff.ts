/** The header that stops browsers from guessing a type other than the declared one (no sniffing a file into HTML). */
export const nosniffHeaders: Readonly<Record<string, string>> = Object.freeze({ 'x-content-type-options': 'nosniff' });

/** Adds `X-Content-Type-Options: nosniff` to a response whose headers can change, and returns it. */
export function withNosniff(response: Response): Response {
  response.headers.set('x-content-type-options', 'nosniff');
  return response;
}
