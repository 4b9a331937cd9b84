import { describe, expect, it } from 'vitest';
import {
  coerce,
  createCoercingValidator,
  createValidator,
  HttpError,
  schemaHasDefaults,
  validate,
  validateAndCoerce,
  ValidationException,
} from 'fw';
import { MAX_CACHED_VALIDATORS, clearValidatorCache, isValidatorCached, validatorCacheSize } from '../../src/schema/validator-cache';

const person = {
  type: 'object',
  required: ['name', 'age'],
  properties: {
    name: { type: 'string', minLength: 2 },
    age: { type: 'integer', minimum: 0 },
    email: { type: 'string', format: 'email' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: false,
};

describe('validate', () => {
  it('accepts conforming data and returns it unchanged', () => {
    const data = { name: 'Ann', age: 3 };
    const result = validate(person, data);
    expect(result).toEqual({ valid: true, value: data, errors: [] });
    expect(result.value).toBe(data);
  });

  it('reports one leaf error per failing keyword with a JSON pointer path', () => {
    const result = validate(person, { name: 'A', age: -1, email: 'nope', tags: ['x', 2], extra: true });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      { path: '/name', message: 'name must be at least 2 characters long, got "A"', keyword: 'minLength' },
      { path: '/age', message: 'age must be >= 0, got -1', keyword: 'minimum' },
      { path: '/email', message: 'email must be a valid email, got "nope"', keyword: 'format' },
      { path: '/tags/1', message: 'tags[1] must be string, got 2', keyword: 'type' },
      { path: '/extra', message: 'extra is not allowed', keyword: 'additionalProperties' },
    ]);
  });

  it('reports missing required properties and wrong root types', () => {
    expect(validate(person, {}).errors).toEqual([
      { path: '/name', message: 'name is required', keyword: 'required' },
      { path: '/age', message: 'age is required', keyword: 'required' },
    ]);
    expect(validate(person, null).errors).toEqual([{ path: '', message: 'value must be object, got null', keyword: 'type' }]);
    expect(validate(person, 'text').valid).toBe(false);
  });

  it('reports anyOf and oneOf failures once, at the union', () => {
    const schema = {
      type: 'object',
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] }, b: { oneOf: [{ type: 'integer' }, { type: 'number' }] } },
    };
    const errors = validate(schema, { a: true, b: 3 }).errors;
    expect(errors).toEqual([
      { path: '/a', message: 'a must be string or be number, got true', keyword: 'anyOf' },
      { path: '/b', message: 'b must match exactly one of the oneOf schemas, but matched 2', keyword: 'oneOf' },
    ]);
  });

  it('reports the nested error of a non-false additionalProperties schema', () => {
    const errors = validate({ type: 'object', additionalProperties: { type: 'number' } }, { a: 'x' }).errors;
    expect(errors).toEqual([{ path: '/a', message: 'a must be number, got "x"', keyword: 'type' }]);
  });

  it('honours $schema: drafts 4, 7, 2019-09 and 2020-12', () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }],
      additionalItems: false,
    };
    expect(validate(draft7, ['a']).valid).toBe(true);
    expect(validate(draft7, ['a', 'b']).valid).toBe(false);
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', maximum: 5, exclusiveMaximum: true };
    expect(validate(draft4, 5).valid).toBe(false);
    const d2019 = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', dependentRequired: { a: ['b'] } };
    expect(validate(d2019, { a: 1 }).valid).toBe(false);
    const d2020 = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
    expect(validate(d2020, ['a', 1]).valid).toBe(false);
    expect(validate(d2020, ['a']).valid).toBe(true);
  });

  it('follows local $refs and accepts boolean schemas', () => {
    const schema = { $defs: { id: { type: 'integer' } }, type: 'object', properties: { id: { $ref: '#/$defs/id' } } };
    expect(validate(schema, { id: 'x' }).errors[0]).toMatchObject({ path: '/id', keyword: 'type' });
    expect(validate(true, 1).valid).toBe(true);
    expect(validate(false, 1).valid).toBe(false);
  });

  it('refuses something that is not a schema with a TypeError', () => {
    for (const bad of [null, 'string', 3, [1]]) expect(() => validate(bad as any, {})).toThrow(TypeError);
    expect(() => createValidator(undefined as any)).toThrow('A JSON schema must be an object');
  });
});

describe('createValidator', () => {
  it('returns a reusable function compiled once', () => {
    const check = createValidator<{ name: string }>(person);
    expect(check({ name: 'Bo', age: 1 }).valid).toBe(true);
    expect(check({ name: 'Bo' }).errors).toEqual([{ path: '/age', message: 'age is required', keyword: 'required' }]);
  });
});

describe('validateAndCoerce', () => {
  const query = {
    type: 'object',
    properties: {
      n: { type: 'number' },
      i: { type: 'integer' },
      b: { type: 'boolean' },
      z: { type: 'null' },
      list: { type: 'array', items: { type: 'integer' } },
      s: { type: 'string' },
      either: { type: ['integer', 'boolean'] },
    },
  };

  it('coerces strings to numbers, integers, booleans, null and arrays', () => {
    const result = validateAndCoerce(query, { n: '1.5', i: '-3', b: 'false', z: '', list: ['1', '2'], s: '007', either: 'true' });
    expect(result).toEqual({ valid: true, errors: [], value: { n: 1.5, i: -3, b: false, z: null, list: [1, 2], s: '007', either: true } });
  });

  it('turns a single value into a one-item array', () => {
    expect(validateAndCoerce(query, { list: '7' }).value).toEqual({ list: [7] });
  });

  it('accepts 1/0 as booleans and exponent notation as numbers', () => {
    expect(validateAndCoerce(query, { b: '1', n: '1e3' }).value).toEqual({ b: true, n: 1000 });
    expect(validateAndCoerce(query, { b: '0' }).value).toEqual({ b: false });
  });

  it('leaves what does not convert for validation to reject', () => {
    for (const [field, raw] of [
      ['n', 'abc'],
      ['n', ''],
      ['n', '0x10'],
      ['n', 'Infinity'],
      ['i', '1.5'],
      ['b', 'yes'],
      ['list', ['1', 'x']],
    ] as const) {
      const result = validateAndCoerce(query, { [field]: raw });
      expect(result.valid, `${field}=${raw}`).toBe(false);
      expect(result.errors[0].path.startsWith(`/${field}`)).toBe(true);
    }
  });

  it('fills defaults, including nested ones, without touching the input', () => {
    const schema = {
      type: 'object',
      properties: {
        page: { type: 'integer', default: 1 },
        sort: { type: 'string', default: 'asc' },
        opts: { type: 'object', properties: { deep: { type: 'boolean', default: true } } },
      },
    };
    const input = { page: '3', opts: {} };
    const result = validateAndCoerce(schema, input);
    expect(result.value).toEqual({ page: 3, sort: 'asc', opts: { deep: true } });
    expect(input).toEqual({ page: '3', opts: {} });
    const fresh = validateAndCoerce<{ sort: string; tags?: string[] }>(
      { type: 'object', properties: { tags: { type: 'array', default: [] } } },
      {},
    );
    expect(fresh.value).toEqual({ tags: [] });
  });

  it('skips coercion on the fast path: conforming data without defaults comes back as the same object', () => {
    const data = { n: 1, list: [1] };
    expect(validateAndCoerce(query, data).value).toBe(data);
    const withDefaults = { type: 'object', properties: { a: { type: 'number', default: 1 } } };
    const input = { a: 2 };
    expect(validateAndCoerce(withDefaults, input).value).not.toBe(input);
  });

  it('returns coerced values with the errors of what still fails', () => {
    const result = validateAndCoerce(person, { name: 'Ann', age: 'old' });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([{ path: '/age', message: 'age must be integer, got "old"', keyword: 'type' }]);
  });

  it('coerces items of arrays of objects', () => {
    const schema = { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } };
    expect(validateAndCoerce(schema, [{ id: '1' }, { id: '2' }]).value).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('createCoercingValidator behaves the same and can stay out of the LRU', () => {
    clearValidatorCache();
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    const run = createCoercingValidator(schema, false);
    expect(run({ n: '4' }).value).toEqual({ n: 4 });
    expect(isValidatorCached(schema)).toBe(false);
    createCoercingValidator(schema);
    expect(isValidatorCached(schema)).toBe(true);
  });
});

describe('schemaHasDefaults and coerce', () => {
  it('finds defaults anywhere in the schema', () => {
    expect(schemaHasDefaults({ type: 'string' })).toBe(false);
    expect(schemaHasDefaults({ type: 'string', default: 'x' })).toBe(true);
    expect(schemaHasDefaults({ properties: { a: { properties: { b: { default: 0 } } } } })).toBe(true);
    expect(schemaHasDefaults({ items: { default: 1 } })).toBe(true);
    expect(schemaHasDefaults({ anyOf: [{ type: 'string' }, { default: null }] })).toBe(true);
    expect(schemaHasDefaults({ $defs: { x: { default: 1 } } })).toBe(true);
    expect(schemaHasDefaults(null)).toBe(false);
  });

  it('coerce leaves values alone for schemas without types', () => {
    expect(coerce({}, '1')).toBe('1');
    expect(coerce(undefined, '1')).toBe('1');
    expect(coerce({ type: 'string' }, '1')).toBe('1');
  });
});

describe('ValidationException', () => {
  it('is an HttpError: 400 with code VALIDATION_ERROR and the errors as details', () => {
    const errors = [{ path: '/a', message: 'bad', keyword: 'type' }];
    const error = new ValidationException(errors);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Validation failed');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toBe(errors);
    expect(error.details).toBe(errors);
    expect(error.name).toBe('ValidationException');
  });
});

describe('compiled validator cache', () => {
  it('keeps at most 10000 validators, evicting the least recently used', () => {
    clearValidatorCache();
    const first = { type: 'number' };
    const second = { type: 'string' };
    validate(first, 1);
    validate(second, 'x');
    for (let i = 0; i < MAX_CACHED_VALIDATORS - 2; i++) validate({ type: 'integer', minimum: i }, 1);
    expect(validatorCacheSize()).toBe(MAX_CACHED_VALIDATORS);
    validate(first, 2);
    validate({ type: 'boolean' }, true);
    expect(validatorCacheSize()).toBe(MAX_CACHED_VALIDATORS);
    expect(isValidatorCached(first)).toBe(true);
    expect(isValidatorCached(second)).toBe(false);
  });
});
