export type { CallLike, MessageLike, SessionEndLike } from './message.js';
export { type OtelMiddleware, type OtelNext, type OtelOptions, otel } from './otel.js';
