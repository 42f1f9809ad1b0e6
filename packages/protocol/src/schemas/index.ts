export {
  type CacheableResult,
  CacheableResultSchema,
  type CacheScope,
  type ClientResult,
  ClientResultSchema,
  type EmptyResult,
  EmptyResultSchema,
  type Notification,
  type NotificationMetaObject,
  NotificationMetaObjectSchema,
  type NotificationParams,
  NotificationParamsSchema,
  NotificationSchema,
  type PaginatedRequestParams,
  PaginatedRequestParamsSchema,
  type PaginatedResult,
  PaginatedResultSchema,
  type Request,
  type RequestMetaObject,
  RequestMetaObjectSchema,
  type RequestParams,
  RequestParamsSchema,
  RequestSchema,
  type Result,
  type ResultMetaObject,
  ResultMetaObjectSchema,
  ResultSchema,
} from './base.js';
export * from './capabilities.js';
export {
  type Annotations,
  AnnotationsSchema,
  type BaseMetadata,
  BaseMetadataSchema,
  type Icon,
  IconSchema,
  type Icons,
  IconsSchema,
  type Implementation,
  ImplementationSchema,
  type LoggingLevel,
  LoggingLevelSchema,
} from './common.js';
export * from './completion.js';
export * from './content.js';
export * from './discover.js';
export * from './elicitation.js';
export {
  type InputRequest,
  InputRequestSchema,
  type InputRequests,
  InputRequestsSchema,
  type InputRequiredResult,
  InputRequiredResultSchema,
  type InputResponse,
  type InputResponseRequestParams,
  InputResponseRequestParamsSchema,
  InputResponseSchema,
  type InputResponses,
  InputResponsesSchema,
} from './input-required.js';
export * from './json.js';
export * from './jsonrpc.js';
export * from './notifications.js';
export * from './prompts.js';
export * from './resources.js';
export * from './roots.js';
export * from './sampling.js';
export * from './subscriptions.js';
export * from './tool.js';
export * from './tools.js';
export * from './unions.js';
