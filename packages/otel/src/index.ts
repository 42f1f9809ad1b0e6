export type { CallLike, MessageLike } from './message.js';
export { type OtelMiddleware, type OtelNext, type OtelOptions, otel } from './otel.js';
