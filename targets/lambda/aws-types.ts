/**
 * fw's own declarations of the Lambda events it reads and the results it writes, so that fw/lambda's public types
 * need no `@types/aws-lambda` installed. They follow @types/aws-lambda 8.10 field for field (MIT, DefinitelyTyped)
 * and test/targets/lambda/aws-types.test.ts checks that its events, results and context assign to and from these.
 */

/** A header, query or path-parameter map whose values may be absent. */
export interface LambdaStringMap {
  [name: string]: string | undefined;
}

/** A multi-value header or query map. */
export interface LambdaMultiValueMap {
  [name: string]: string[] | undefined;
}

/** Result headers as API Gateway and the ALB accept them. */
export interface LambdaResultHeaders {
  [header: string]: boolean | number | string;
}

/** Multi-value result headers. */
export interface LambdaResultMultiValueHeaders {
  [header: string]: Array<boolean | number | string>;
}

/** The mutual-TLS client certificate API Gateway passes on. */
export interface APIGatewayEventClientCertificate {
  clientCertPem: string;
  serialNumber: string;
  subjectDN: string;
  issuerDN: string;
  validity: { notAfter: string; notBefore: string };
}

/** `requestContext.identity` of a REST (v1) event; `sourceIp` is the caller's address. */
export interface APIGatewayEventIdentity {
  accessKey: string | null;
  accountId: string | null;
  apiKey: string | null;
  apiKeyId: string | null;
  caller: string | null;
  clientCert: APIGatewayEventClientCertificate | null;
  cognitoAuthenticationProvider: string | null;
  cognitoAuthenticationType: string | null;
  cognitoIdentityId: string | null;
  cognitoIdentityPoolId: string | null;
  principalOrgId: string | null;
  sourceIp: string;
  user: string | null;
  userAgent: string | null;
  userArn: string | null;
  vpcId?: string | undefined;
  vpceId?: string | undefined;
}

/** `requestContext` of a REST (v1) event; fw reads `stage` and `domainName`. */
export interface APIGatewayEventRequestContext {
  accountId: string;
  apiId: string;
  authorizer: undefined | null | { [name: string]: any };
  connectedAt?: number | undefined;
  connectionId?: string | undefined;
  domainName?: string | undefined;
  domainPrefix?: string | undefined;
  eventType?: string | undefined;
  extendedRequestId?: string | undefined;
  protocol: string;
  httpMethod: string;
  identity: APIGatewayEventIdentity;
  messageDirection?: string | undefined;
  messageId?: string | null | undefined;
  path: string;
  stage: string;
  requestId: string;
  requestTime?: string | undefined;
  requestTimeEpoch: number;
  resourceId: string;
  resourcePath: string;
  routeKey?: string | undefined;
}

/** An API Gateway REST (v1) proxy event, also HTTP API payload 1.0. */
export interface APIGatewayProxyEvent {
  body: string | null;
  headers: LambdaStringMap;
  multiValueHeaders: LambdaMultiValueMap;
  httpMethod: string;
  isBase64Encoded: boolean;
  path: string;
  pathParameters: LambdaStringMap | null;
  queryStringParameters: LambdaStringMap | null;
  multiValueQueryStringParameters: LambdaMultiValueMap | null;
  stageVariables: LambdaStringMap | null;
  requestContext: APIGatewayEventRequestContext;
  resource: string;
}

/** The result of a v1 event. */
export interface APIGatewayProxyResult {
  statusCode: number;
  headers?: LambdaResultHeaders | undefined;
  multiValueHeaders?: LambdaResultMultiValueHeaders | undefined;
  body: string;
  isBase64Encoded?: boolean | undefined;
}

/** `requestContext` of an HTTP API (payload 2.0) or function URL event; fw reads `http`, `stage` and `domainName`. */
export interface APIGatewayEventRequestContextV2 {
  accountId: string;
  apiId: string;
  authentication?: { clientCert: APIGatewayEventClientCertificate };
  domainName: string;
  domainPrefix: string;
  http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
  requestId: string;
  routeKey: string;
  stage: string;
  time: string;
  timeEpoch: number;
}

/** An HTTP API (payload 2.0) event; a function URL sends the same shape. */
export interface APIGatewayProxyEventV2 {
  version: string;
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  cookies?: string[];
  headers: LambdaStringMap;
  queryStringParameters?: LambdaStringMap;
  requestContext: APIGatewayEventRequestContextV2;
  body?: string;
  pathParameters?: LambdaStringMap;
  isBase64Encoded: boolean;
  stageVariables?: LambdaStringMap;
}

/** A function URL event: the v2 shape. */
export type LambdaFunctionURLEvent = APIGatewayProxyEventV2;

/** The result of a v2 or function URL event. */
export interface APIGatewayProxyStructuredResultV2 {
  statusCode?: number | undefined;
  headers?: LambdaResultHeaders | undefined;
  body?: string | undefined;
  isBase64Encoded?: boolean | undefined;
  cookies?: string[] | undefined;
}

/** An Application Load Balancer event. */
export interface ALBEvent {
  requestContext: { elb: { targetGroupArn: string } };
  httpMethod: string;
  path: string;
  queryStringParameters?: LambdaStringMap | undefined;
  headers?: LambdaStringMap | undefined;
  multiValueQueryStringParameters?: LambdaMultiValueMap | undefined;
  multiValueHeaders?: LambdaMultiValueMap | undefined;
  body: string | null;
  isBase64Encoded: boolean;
}

/** The result of an ALB event. */
export interface ALBResult {
  statusCode: number;
  statusDescription?: string | undefined;
  headers?: LambdaResultHeaders | undefined;
  multiValueHeaders?: LambdaResultMultiValueHeaders | undefined;
  body?: string | undefined;
  isBase64Encoded?: boolean | undefined;
}

/** An EventBridge event. */
export interface EventBridgeEvent<TDetailType extends string, TDetail> {
  id: string;
  version: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  source: string;
  'detail-type': TDetailType;
  detail: TDetail;
  'replay-name'?: string;
}

/** An EventBridge scheduled rule's event. */
export interface ScheduledEvent<TDetail = any> extends EventBridgeEvent<'Scheduled Event', TDetail> {}

/** One SQS message attribute. */
export interface SQSMessageAttribute {
  stringValue?: string | undefined;
  binaryValue?: string | undefined;
  stringListValues?: string[] | undefined;
  binaryListValues?: string[] | undefined;
  dataType: 'String' | 'Number' | 'Binary' | string;
}

/** One message of an SQS batch. */
export interface SQSRecord {
  messageId: string;
  receiptHandle: string;
  body: string;
  attributes: {
    AWSTraceHeader?: string | undefined;
    ApproximateReceiveCount: string;
    SentTimestamp: string;
    SenderId: string;
    ApproximateFirstReceiveTimestamp: string;
    SequenceNumber?: string | undefined;
    MessageGroupId?: string | undefined;
    MessageDeduplicationId?: string | undefined;
    DeadLetterQueueSourceArn?: string | undefined;
  };
  messageAttributes: { [name: string]: SQSMessageAttribute };
  md5OfBody: string;
  md5OfMessageAttributes?: string;
  eventSource: string;
  eventSourceARN: string;
  awsRegion: string;
}

/** An SQS batch. */
export interface SQSEvent {
  Records: SQSRecord[];
}

/** The invocation context the Lambda runtime passes beside the event. */
export interface LambdaContext {
  callbackWaitsForEmptyEventLoop: boolean;
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  identity?: { cognitoIdentityId: string; cognitoIdentityPoolId: string } | undefined;
  clientContext?:
    | {
        client: { installationId: string; appTitle: string; appVersionName: string; appVersionCode: string; appPackageName: string };
        custom?: any;
        env: { platformVersion: string; platform: string; make: string; model: string; locale: string };
      }
    | undefined;
  tenantId?: string | undefined;
  /** Milliseconds left before the invocation times out. */
  getRemainingTimeInMillis(): number;
  /** @deprecated Return a value from the handler (kept so the runtime's context type assigns both ways). */
  done(error?: Error, result?: any): void;
  /** @deprecated Throw from the handler. */
  fail(error: Error | string): void;
  /** @deprecated Return a value from the handler. */
  succeed(messageOrObject: any): void;
  /** @deprecated Return a value from the handler. */
  succeed(message: string, object: any): void;
}
