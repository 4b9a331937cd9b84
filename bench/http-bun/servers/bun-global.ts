/** `Bun.serve` typed for the bench servers (the project does not load Bun's global types). */
export const Bun = (globalThis as unknown as {
  Bun: { serve(options: { port: number; hostname: string; fetch(request: Request): Response | Promise<Response> }): { port: number } };
}).Bun;
