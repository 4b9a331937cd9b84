/** The resource attributes of what one instance exports: service, instance, and the cloud and FaaS it runs on where known. */

type Env = Record<string, string | undefined>;

/** Cloud and FaaS attributes the runtime shows: AWS Lambda (from its environment) or Cloudflare Workers. */
export function platformAttributes(): Record<string, string | number> {
  const g = globalThis as { awslambda?: unknown; navigator?: { userAgent?: string }; process?: { env?: Env } };
  if (g.navigator?.userAgent === 'Cloudflare-Workers') return { 'cloud.provider': 'cloudflare', 'cloud.platform': 'cloudflare_workers' };
  const env = g.process?.env;
  if (g.awslambda === undefined && env?.AWS_LAMBDA_FUNCTION_NAME === undefined) return {};
  const memory = Number(env?.AWS_LAMBDA_FUNCTION_MEMORY_SIZE);
  const known: Record<string, string | number | undefined> = {
    'cloud.provider': 'aws',
    'cloud.platform': 'aws_lambda',
    'cloud.region': env?.AWS_REGION,
    'faas.name': env?.AWS_LAMBDA_FUNCTION_NAME,
    'faas.version': env?.AWS_LAMBDA_FUNCTION_VERSION,
    'faas.max_memory': Number.isInteger(memory) && memory > 0 ? memory * 1024 * 1024 : undefined,
    'faas.instance': env?.AWS_LAMBDA_LOG_STREAM_NAME,
  };
  return Object.fromEntries(Object.entries(known).filter((e): e is [string, string | number] => e[1] !== undefined));
}

/** `service.name`, `service.instance.id`, the platform's attributes, then the app's own (which win). */
export function resourceAttributes(service: string, instanceId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { 'service.name': service, 'service.instance.id': instanceId, ...platformAttributes(), ...extra };
}
