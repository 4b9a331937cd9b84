/** The route option `status` in types: a number, and the response schema of that status types the handler's result. */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';

describe('route option status (types)', () => {
  it('takes a number and checks the result against the schema of that status', () => {
    const app = new Fw();
    const response = { 201: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] } } as const;
    app.post('/users', () => ({ id: 1 }), { status: 201, schema: { response } });
    // @ts-expect-error a status is a number, not text (and refused at registration)
    expect(() => app.post('/text', () => ({ id: 1 }), { status: '201' })).toThrow(/status must be an integer/);
    // @ts-expect-error `id` must be a number
    app.post('/bad', () => ({ id: 'one' }), { status: 201, schema: { response } });
    expect(app.getRoutes().map((r) => r.options?.status)).toEqual([201, 201]);
  });
});
