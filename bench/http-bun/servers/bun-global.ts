/** `Bun.serve` typed for the bench servers (the project does not load Bun's global types). */
type Handler = (request: Request & { params: Record<string, string> }) => Response | Promise<Response>;

/** A Bun.serve route: one handler for every method, or one per method. */
export type BunRoute = Handler | Partial<Record<string, Handler>>;

export const Bun = (
  globalThis as unknown as {
    Bun: {
      serve(options: {
        port: number;
        hostname: string;
        routes?: Record<string, BunRoute>;
        fetch(request: Request): Response | Promise<Response>;
      }): { port: number };
    };
  }
).Bun;
