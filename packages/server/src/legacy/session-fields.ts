import type { ClientCapabilities, Implementation, LegacyClientCapabilities } from '@mcpkit/protocol';
import { isRecord, McpError, TASKS_EXTENSION } from '@mcpkit/protocol/internal';

/**
 * What a 2025 session keeps of `initialize`, and how much. A session lives for its TTL whatever
 * the client sent, so it keeps only what the server reads later, each part bounded: a stored
 * session stays within a few KiB however large the `initialize` was (the HTTP body limit, 4 MiB by
 * default, bounds only the request itself).
 *
 * | part                      | kept                                                                 |
 * | ------------------------- | -------------------------------------------------------------------- |
 * | `clientInfo`              | `name`, `version`, `title`, each cut to 128 UTF-16 code units; nothing else |
 * | `capabilities.roots`      | `{}` (its `listChanged` means nothing to the modern engine)          |
 * | `capabilities.sampling`   | the flags `tools` and `context`, each as `{}`                        |
 * | `capabilities.elicitation`| the flags `form` and `url`, each as `{}`                             |
 * | `capabilities.extensions` | in order, while their JSON fits in 1 KiB; ids over 128 code units, non-object settings and the tasks extension dropped |
 * | `experimental`, other keys| dropped                                                              |
 * | `resources/subscribe`     | at most 64 URIs and 4 KiB of them (UTF-8) per session                |
 */
const SESSION_LIMITS = Object.freeze({
  clientInfoChars: 128,
  extensionsBytes: 1024,
  extensionIdChars: 128,
  subscriptions: 64,
  subscriptionBytes: 4096,
});

const encoder = new TextEncoder();

/** The UTF-8 length of `text`. */
export function utf8Length(text: string): number {
  return encoder.encode(text).byteLength;
}

/**
 * `text` cut to `max` UTF-16 code units, never between the two halves of a surrogate pair. The cut
 * is copied: a slice of a long string may keep the whole of it alive (V8's sliced strings), and
 * the session outlives the request by its TTL.
 */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return JSON.parse(JSON.stringify(text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max)));
}

/** The `clientInfo` a session keeps (`name` and `version` are already known to be strings). */
export function storedClientInfo(sent: Record<string, unknown>): Implementation {
  const max = SESSION_LIMITS.clientInfoChars;
  const kept: Implementation = {
    name: clip(sent.name as string, max),
    version: clip(sent.version as string, max),
  };
  if (typeof sent.title === 'string') kept.title = clip(sent.title, max);
  return kept;
}

/** The flags of `declared` among `names`, each as `{}`. */
function flags(declared: Record<string, unknown>, names: readonly string[]): Record<string, object> {
  const kept: Record<string, object> = {};
  for (const name of names) if (isRecord(declared[name])) kept[name] = {};
  return kept;
}

/** The extensions a session keeps: see `SESSION_LIMITS`. The tasks extension is not defined for 2025 clients (SEP-2663). */
function storedExtensions(declared: Record<string, unknown>): NonNullable<ClientCapabilities['extensions']> {
  const kept: NonNullable<ClientCapabilities['extensions']> = {};
  let budget = SESSION_LIMITS.extensionsBytes - 2;
  for (const id in declared) {
    const settings = declared[id];
    const unwanted =
      id === TASKS_EXTENSION || id === '__proto__' || id.length > SESSION_LIMITS.extensionIdChars;
    if (unwanted || !isRecord(settings)) continue;
    const size = utf8Length(JSON.stringify(id)) + utf8Length(JSON.stringify(settings)) + 2;
    if (size > budget) continue;
    budget -= size;
    kept[id] = settings as (typeof kept)[string];
  }
  return kept;
}

/**
 * The client capabilities of an `initialize` request as the session keeps them and the modern
 * engine reads them: see `SESSION_LIMITS`.
 */
export function modernClientCapabilities(
  declared: LegacyClientCapabilities & { readonly extensions?: unknown },
): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (isRecord(declared.roots)) capabilities.roots = {};
  if (isRecord(declared.sampling)) capabilities.sampling = flags(declared.sampling, ['tools', 'context']);
  if (isRecord(declared.elicitation)) capabilities.elicitation = flags(declared.elicitation, ['form', 'url']);
  if (isRecord(declared.extensions)) capabilities.extensions = storedExtensions(declared.extensions);
  return capabilities;
}

/**
 * `subscriptions` (which lacks `uri`) with `uri` added, or the `-32602` saying the session holds
 * as many as it may.
 */
export function withSubscription(subscriptions: readonly string[], uri: string): string[] {
  const { subscriptions: most, subscriptionBytes } = SESSION_LIMITS;
  let bytes = utf8Length(uri);
  for (const each of subscriptions) bytes += utf8Length(each);
  if (subscriptions.length >= most || bytes > subscriptionBytes) {
    throw McpError.invalidParams(
      `Cannot subscribe to ${uri.length > 200 ? `${uri.slice(0, 200)}…` : uri}: a session holds at most ` +
        `${most} subscriptions and ${subscriptionBytes} bytes of URIs; unsubscribe from some first`,
    );
  }
  return [...subscriptions, uri];
}
