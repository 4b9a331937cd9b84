/** The baseline: a raw worker with no framework. */
export default {
  fetch(): Response {
    return new Response('Hello');
  },
};
