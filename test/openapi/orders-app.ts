/**
 * An orders API with nested, enumerated and required fields, for the docs page's schema tables and examples:
 * a validated POST, a GET with path and query parameters, responses keyed by status, plus the built-in
 * health and RPC routes.
 */
import { Fw, healthCheck, openapi, rpc, serverAction, type Context } from 'fw';

const order = {
  type: 'object',
  required: ['id', 'status', 'total'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    status: { type: 'string', enum: ['pending', 'paid', 'shipped'] },
    total: { type: 'number', minimum: 0, description: 'Sum in euros' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

const placeOrder = {
  type: 'object',
  required: ['customer', 'items', 'shipping'],
  additionalProperties: false,
  properties: {
    customer: {
      type: 'object',
      required: ['name'],
      description: 'Who pays',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 80, examples: ['Ada Lovelace'] },
        email: { type: 'string', format: 'email' },
      },
    },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['sku', 'quantity'],
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]+-[0-9]+$', example: 'BOOK-42' },
          quantity: { type: 'integer', minimum: 1, maximum: 99 },
        },
      },
    },
    shipping: { type: 'string', enum: ['standard', 'express'] },
    note: { type: 'string', maxLength: 200 },
  },
};

const notFound = { description: 'No such customer', type: 'object', properties: { error: { type: 'string' } } };

/** Builds the orders app with healthCheck(), one RPC action and openapi() mounted. */
export function ordersApp(): Fw {
  const app = new Fw();
  app.post(
    '/orders',
    async (ctx: Context) => {
      const input = await ctx.body<{ items: { quantity: number }[] }>();
      const total = input.items.reduce((sum, item) => sum + item.quantity * 10, 0);
      return ctx.status(201).jsonResponse({ id: crypto.randomUUID(), status: 'pending', total });
    },
    {
      tags: ['orders'],
      operationId: 'placeOrder',
      summary: 'Place an order',
      schema: {
        body: placeOrder,
        response: {
          201: { ...order, description: 'The order was placed' },
          409: { description: 'Out of stock', type: 'object', properties: { error: { type: 'string' } } },
        },
      },
    },
  );
  app.get('/customers/:customerId/orders', (ctx: Context) => ({ orders: [], customer: ctx.params.customerId, query: ctx.query }), {
    tags: ['orders'],
    operationId: 'listCustomerOrders',
    summary: "A customer's orders",
    schema: {
      params: { type: 'object', properties: { customerId: { type: 'integer', minimum: 1, description: 'Customer number' } } },
      query: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['pending', 'paid', 'shipped'] },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'Page size' },
          since: { type: 'string', format: 'date' },
        },
      },
      response: { 200: { type: 'object', properties: { orders: { type: 'array', items: order } } }, 404: notFound },
    },
  });
  app.plugin(healthCheck());
  rpc(app, {
    ping: serverAction({ type: 'object', properties: { echo: { type: 'string' } } }, (input: { echo?: string }) => ({
      pong: input.echo ?? '',
    })),
  });
  app.plugin(openapi({ title: 'Orders API', version: '1.2.0', description: 'Orders, with the built-in health and RPC routes.' }));
  return app;
}
