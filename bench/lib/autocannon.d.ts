/** The part of autocannon's programmatic API the benches use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    sampleInt?: number;
    idReplacement?: boolean;
  }
  interface Result {
    requests: { average: number; mean: number; p50: number; total: number };
    duration: number;
    latency: { p50: number; average: number };
    non2xx: number;
    errors: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
