/** Route patterns with constraints, optional and multi-parameter segments become valid OpenAPI path templates. */
import { describe, expect, it } from 'vitest';
import { Fw, generateSpec, toOpenAPIPaths } from 'fw';

describe('OpenAPI paths from the router syntax', () => {
  it.each([
    ['/users/:id', [['/users/{id}', ['id']]]],
    ['/users/:id(\\d+)', [['/users/{id}', ['id']]]],
    ['/users/:id{[0-9]+}/posts', [['/users/{id}/posts', ['id']]]],
    ['/files/:file.:ext', [['/files/{file}.{ext}', ['file', 'ext']]]],
    ['/range/:from-:to', [['/range/{from}-{to}', ['from', 'to']]]],
    ['/static/*', [['/static/{wildcard}', ['wildcard']]]],
    [
      '/items/:id?',
      [
        ['/items', []],
        ['/items/{id}', ['id']],
      ],
    ],
  ])('%s', (pattern, expected) => {
    expect(toOpenAPIPaths(pattern).map((p) => [p.openapiPath, p.pathParams])).toEqual(expected);
  });

  it('documents every length of an optional route and the constrained parameter by its name', () => {
    const app = new Fw();
    app.get('/items/:id?', () => []);
    app.get('/users/:id(\\d+)', () => ({}));
    const doc = generateSpec(app);
    expect(Object.keys(doc.paths).sort()).toEqual(['/items', '/items/{id}', '/users/{id}']);
    const params = (doc.paths['/users/{id}'].get as { parameters: { name: string; in: string }[] }).parameters;
    expect(params.map((p) => [p.name, p.in])).toEqual([['id', 'path']]);
  });
});
