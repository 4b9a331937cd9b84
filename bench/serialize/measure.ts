/** Child process of the serialize bench: builds one contestant, checks its answer, then prints its median ns per operation as JSON. */
import { deepStrictEqual } from 'node:assert';
import fastJson from 'fast-json-stringify';
import { Validator, type Schema } from '@cfworker/json-schema';
import { coerce, compileSerializer, validate, validateAndCoerce } from 'fw';
import { conformingQuery, querySchema, serializeCases, stringQuery } from './cases';

const SAMPLES = 15;

function timeIt(run: () => unknown, batch: number): number {
  const samples: number[] = [];
  for (let s = 0; s < SAMPLES + 3; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) run();
    const ns = Number(process.hrtime.bigint() - start) / batch;
    if (s >= 3) samples.push(ns);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

function serializer(contestant: string, schema: Record<string, unknown>): (value: unknown) => string {
  if (contestant === 'fw compiled') return compileSerializer(schema);
  if (contestant === 'JSON.stringify') return (value) => JSON.stringify(value);
  if (contestant === 'fast-json-stringify') return fastJson(schema as unknown as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
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

function measureCoercion(contestant: string): number {
  const expected = { valid: true, value: conformingQuery, errors: [] };
  const interpreter = new Validator(querySchema as Schema, '2020-12', false);
  const runs: Record<string, () => { valid: boolean; value: unknown; errors: unknown[] }> = {
    'fast path (conforming data)': () => validateAndCoerce(querySchema, conformingQuery),
    'coerce + validate every time': () => validate(querySchema, coerce(querySchema, conformingQuery)),
    'query strings (coerced)': () => validateAndCoerce(querySchema, stringQuery),
    '@cfworker/json-schema alone (no quick check)': () => ({ valid: interpreter.validate(conformingQuery).valid, value: conformingQuery, errors: [] }),
  };
  const run = runs[contestant];
  if (!run) throw new Error(`unknown contestant ${contestant}`);
  deepStrictEqual(run(), expected, `${contestant} gave a wrong answer`);
  return timeIt(run, 20_000);
}

const [kind, caseName, contestant] = process.argv.slice(2);
const median = kind === 'coerce' ? measureCoercion(contestant) : measureSerializer(caseName, contestant);
process.stdout.write(`${JSON.stringify({ median })}\n`);
