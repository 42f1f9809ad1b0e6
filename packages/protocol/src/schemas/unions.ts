import * as z from 'zod/v4/mini';
import type { Result } from './base.js';
import { ResultSchema } from './base.js';
import type { CompleteRequest, CompleteResult } from './completion.js';
import { CompleteRequestSchema, CompleteResultSchema } from './completion.js';
import type { DiscoverRequest, DiscoverResult } from './discover.js';
import { DiscoverRequestSchema, DiscoverResultSchema } from './discover.js';
import type { InputRequiredResult } from './input-required.js';
import { InputRequiredResultSchema } from './input-required.js';
import type {
  CancelledNotification,
  LoggingMessageNotification,
  ProgressNotification,
  PromptListChangedNotification,
  ResourceListChangedNotification,
  ToolListChangedNotification,
} from './notifications.js';
import {
  CancelledNotificationSchema,
  LoggingMessageNotificationSchema,
  ProgressNotificationSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from './notifications.js';
import type { GetPromptRequest, GetPromptResult, ListPromptsRequest, ListPromptsResult } from './prompts.js';
import {
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
} from './prompts.js';
import type {
  ListResourcesRequest,
  ListResourcesResult,
  ListResourceTemplatesRequest,
  ListResourceTemplatesResult,
  ReadResourceRequest,
  ReadResourceResult,
  ResourceUpdatedNotification,
} from './resources.js';
import {
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  ResourceUpdatedNotificationSchema,
} from './resources.js';
import type {
  SubscriptionsAcknowledgedNotification,
  SubscriptionsListenRequest,
  SubscriptionsListenResult,
} from './subscriptions.js';
import {
  SubscriptionsAcknowledgedNotificationSchema,
  SubscriptionsListenRequestSchema,
  SubscriptionsListenResultSchema,
} from './subscriptions.js';
import type { CallToolRequest, CallToolResult, ListToolsRequest, ListToolsResult } from './tools.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
} from './tools.js';

/** Every request a client may send (P-95). */
export type ClientRequest =
  | DiscoverRequest
  | ListResourcesRequest
  | ListResourceTemplatesRequest
  | ReadResourceRequest
  | SubscriptionsListenRequest
  | ListPromptsRequest
  | GetPromptRequest
  | ListToolsRequest
  | CallToolRequest
  | CompleteRequest;
export const ClientRequestSchema: z.ZodMiniType<ClientRequest> = z.lazy(() =>
  z.union([
    DiscoverRequestSchema,
    ListResourcesRequestSchema,
    ListResourceTemplatesRequestSchema,
    ReadResourceRequestSchema,
    SubscriptionsListenRequestSchema,
    ListPromptsRequestSchema,
    GetPromptRequestSchema,
    ListToolsRequestSchema,
    CallToolRequestSchema,
    CompleteRequestSchema,
  ]),
);

export type ClientNotification = CancelledNotification;
export const ClientNotificationSchema: z.ZodMiniType<ClientNotification> = CancelledNotificationSchema;

/** Every notification a server may send. */
export type ServerNotification =
  | CancelledNotification
  | ProgressNotification
  | ResourceListChangedNotification
  | SubscriptionsAcknowledgedNotification
  | ResourceUpdatedNotification
  | PromptListChangedNotification
  | ToolListChangedNotification
  | LoggingMessageNotification;
export const ServerNotificationSchema: z.ZodMiniType<ServerNotification> = z.lazy(() =>
  z.union([
    CancelledNotificationSchema,
    ProgressNotificationSchema,
    ResourceListChangedNotificationSchema,
    SubscriptionsAcknowledgedNotificationSchema,
    ResourceUpdatedNotificationSchema,
    PromptListChangedNotificationSchema,
    ToolListChangedNotificationSchema,
    LoggingMessageNotificationSchema,
  ]),
);

/**
 * Any result a server may send. Loose: its `Result` member takes any `resultType`, so parsing with
 * `ServerResultSchema` applies none of the receiver's rules (a missing `resultType` is `"complete"`,
 * an unknown one is invalid, `input_required` needs `inputRequests` or `requestState`). Only the
 * decoders apply them (`decodeResult`, `decodeAs`; P-16..P-18, P-73, Q-8): read results with those.
 */
export type ServerResult =
  | Result
  | InputRequiredResult
  | DiscoverResult
  | ListResourcesResult
  | ListResourceTemplatesResult
  | ReadResourceResult
  | SubscriptionsListenResult
  | ListPromptsResult
  | GetPromptResult
  | ListToolsResult
  | CallToolResult
  | CompleteResult;
export const ServerResultSchema: z.ZodMiniType<ServerResult> = z.lazy(() =>
  z.union([
    ResultSchema,
    InputRequiredResultSchema,
    DiscoverResultSchema,
    ListResourcesResultSchema,
    ListResourceTemplatesResultSchema,
    ReadResourceResultSchema,
    SubscriptionsListenResultSchema,
    ListPromptsResultSchema,
    GetPromptResultSchema,
    ListToolsResultSchema,
    CallToolResultSchema,
    CompleteResultSchema,
  ]),
);
