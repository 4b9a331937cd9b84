/** Child process of the serialize bench: one contestant on every case of one kind; checks each answer, then prints the median ns per operation per case as JSON. */
import { deepStrictEqual } from 'node:assert';
import fastJson from 'fast-json-stringify';
import { Validator, type Schema } from '@cfworker/json-schema';
import { coerce, compileSerializer, validate, validateAndCoerce } from 'fw';
import { coerceCases, serializeCases } from './cases';

const SAMPLES = Number(process.env.SERIALIZE_BENCH_SAMPLES ?? 5);
const BATCH_NS = Number(process.env.SERIALIZE_BENCH_BATCH_MS ?? 100) * 1e6;

/** One warm-up batch: up to `batch` calls, cut short after BATCH_NS; returns how many calls ran and their ns. */
function warmUp(run: () => unknown, batch: number): { calls: number; ns: number } {
  const start = process.hrtime.bigint();
  let calls = 0;
  while (calls < batch) {
    run();
    calls++;
    if ((calls & 63) === 0 && Number(process.hrtime.bigint() - start) > BATCH_NS) break;
  }
  return { calls, ns: Number(process.hrtime.bigint() - start) };
}

/**
 * Median ns per call over SAMPLES timed batches, after 3 warm-up batches. A timed batch is the case's batch size,
 * or as many calls as the last warm-up ran in about BATCH_NS (SERIALIZE_BENCH_BATCH_MS, default 100 ms) when the
 * contestant is too slow for the full batch in that time.
 */
function timeIt(run: () => unknown, maxBatch: number): number {
  let warm = { calls: 0, ns: 0 };
  for (let s = 0; s < 3; s++) warm = warmUp(run, maxBatch);
  const batch = warm.calls < maxBatch ? Math.max(1, Math.floor((warm.calls * BATCH_NS) / warm.ns)) : maxBatch;
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) run();
    samples.push(Number(process.hrtime.bigint() - start) / batch);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

function serializer(contestant: string, schema: Record<string, unknown>): (value: unknown) => string {
  if (contestant === 'fw compiled') return compileSerializer(schema);
  if (contestant === 'JSON.stringify') return (value) => JSON.stringify(value);
  if (contestant === 'fast-json-stringify')
    return fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
  throw new Error(`unknown contestant ${contestant}`);
}

function measureSerializer(caseName: string, contestant: string): number {
  const found = serializeCases.find((c) => c.name === caseName);
  if (!found) throw new Error(`unknown case ${caseName}`);
  const write = serializer(contestant, found.schema);
  deepStrictEqual(JSON.parse(write(found.input)), found.input, `${contestant} gave a wrong answer on ${caseName}`);
  let sink = 0;
  const median = found.flatten
    ? timeIt(() => {
        const text = write(found.input);
        sink += text.charCodeAt(text.length >> 1);
      }, found.batch)
    : timeIt(() => (sink += write(found.input).length), found.batch);
  if (sink === 0) throw new Error('nothing serialized');
  return median;
}

function measureCoercion(caseName: string, contestant: string): number {
  const found = coerceCases.find((c) => c.name === caseName);
  if (!found) throw new Error(`unknown case ${caseName}`);
  const { schema, conforming, strings } = found;
  const expected = { valid: true, value: conforming, errors: [] };
  const interpreter = new Validator(schema as Schema, '2020-12', false);
  const runs: Record<string, () => { valid: boolean; value: unknown; errors: unknown[] }> = {
    'fast path (conforming data)': () => validateAndCoerce(schema, conforming),
    'coerce + validate every time': () => validate(schema, coerce(schema, conforming)),
    'query strings (coerced)': () => validateAndCoerce(schema, strings),
    '@cfworker/json-schema alone (no quick check)': () => ({
      valid: interpreter.validate(conforming).valid,
      value: conforming,
      errors: [],
    }),
  };
  const run = runs[contestant];
  if (!run) throw new Error(`unknown contestant ${contestant}`);
  deepStrictEqual(run(), expected, `${contestant} gave a wrong answer`);
  return timeIt(run, found.batch);
}

const [kind, contestant] = process.argv.slice(2);
const medians: Record<string, number> = {};
if (kind === 'coerce') {
  for (const c of coerceCases)
    if (c.strings !== undefined || contestant !== 'query strings (coerced)') medians[c.name] = measureCoercion(c.name, contestant);
} else for (const c of serializeCases) medians[c.name] = measureSerializer(c.name, contestant);
process.stdout.write(`${JSON.stringify(medians)}\n`);
