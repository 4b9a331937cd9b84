/** Sets a header on a response, copying the response first when its headers are immutable (a fetched response). */
export function withResponseHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
