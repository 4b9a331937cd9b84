/** The Lambda entry (template.yaml `Handler: index.handler`): API Gateway HTTP API events, answered by the app. */
import { lambda } from 'fw/lambda';
import { app } from './app.js';

export const handler = lambda(app, { stripStage: true });
