/** The floor: no framework, a fetch handler answering "Hello". */
export default { fetch: () => new Response('Hello') };
