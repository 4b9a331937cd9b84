// src/lambda.ts: `fw build --target lambda --entry src/lambda.ts`, handler "index.handler".
import { lambda } from 'fw/lambda';
import { app } from './app.js';

export const handler = lambda(app);
