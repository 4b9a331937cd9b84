import type { WebhookProvider } from '../types';
import { genericProvider } from './generic';
import { githubProvider } from './github';
import { slackProvider } from './slack';
import { standardWebhooksProvider } from './standard';
import { stripeProvider } from './stripe';

/** The built-in verifiers, keyed by provider name (the `:provider` path segment). */
export const webhookProviders: Readonly<Record<string, WebhookProvider>> = Object.freeze({
  github: githubProvider,
  stripe: stripeProvider(),
  slack: slackProvider(),
  svix: standardWebhooksProvider(),
  'standard-webhooks': standardWebhooksProvider(),
  generic: genericProvider(),
});

export { githubProvider, stripeProvider, slackProvider, standardWebhooksProvider, genericProvider };
export type { StripeProviderOptions } from './stripe';
export type { SlackProviderOptions } from './slack';
export type { StandardWebhooksOptions } from './standard';
export type { GenericProviderOptions } from './generic';
