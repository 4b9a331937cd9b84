export { webhooks } from './webhooks';
export {
  webhookProviders,
  githubProvider,
  stripeProvider,
  slackProvider,
  standardWebhooksProvider,
  genericProvider,
  type StripeProviderOptions,
  type SlackProviderOptions,
  type StandardWebhooksOptions,
  type GenericProviderOptions,
} from './providers';
export type { WebhookOptions, WebhookProvider, WebhookDelivery, VerifyResult, VerifiedDelivery } from './types';
