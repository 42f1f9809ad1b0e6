import type { ServerCapabilities, SubscriptionFilter } from '@mcpkit/protocol';

// The filters of a subscription, as its run loop (`listen-run.ts`) narrows and compares them: part
// of its chunk, loaded when the first subscription starts. It imports nothing at run time.

/**
 * The part of `filter` the server can honour, per its advertised capabilities (C-12):
 * list-changed types need `listChanged`, resource subscriptions need `resources.subscribe`.
 * Keys this revision does not define (extensions) are kept.
 */
export function supportedFilter(filter: SubscriptionFilter, server: ServerCapabilities): SubscriptionFilter {
  const out: Record<string, unknown> = { ...filter };
  if (!server.tools?.listChanged) delete out.toolsListChanged;
  if (!server.prompts?.listChanged) delete out.promptsListChanged;
  if (!server.resources?.listChanged) delete out.resourcesListChanged;
  if (!server.resources?.subscribe) delete out.resourceSubscriptions;
  return out as SubscriptionFilter;
}

/**
 * What `requested` asked for that `acknowledged` left out (C-40): each boolean type not
 * acknowledged as `true`, and each resource URI not in the acknowledged list.
 */
export function unacknowledged(
  requested: SubscriptionFilter,
  acknowledged: SubscriptionFilter,
): SubscriptionFilter {
  const missing: SubscriptionFilter = {};
  for (const key of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const) {
    if (requested[key] && acknowledged[key] !== true) missing[key] = true;
  }
  const granted = new Set(acknowledged.resourceSubscriptions ?? []);
  const uris = (requested.resourceSubscriptions ?? []).filter((uri) => !granted.has(uri));
  if (uris.length > 0) missing.resourceSubscriptions = uris;
  return missing;
}
