export { stream } from './stream';
export { streamText } from './text';
export { streamSSE, SSEStreamingApi } from './sse';
export { StreamingApi } from './streaming-api';
export type { SSEMessage } from './sse-message';
export type { StreamCallback, StreamErrorHandler } from './run';
