import type {
  PromptListChangedNotification,
  ResourceListChangedNotification,
  ResourceUpdatedNotification,
  ToolListChangedNotification,
} from '@mcpkit/protocol';
import { isAcknowledgedParams } from '@mcpkit/protocol/internal';

/** A change notification delivered on a listen stream. */
export type ListenNotification =
  | ToolListChangedNotification
  | PromptListChangedNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification;

/** Whether `params` are those of `notifications/subscriptions/acknowledged`. */
export const isAcknowledgement = isAcknowledgedParams;
