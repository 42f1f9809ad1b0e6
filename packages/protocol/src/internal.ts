/**
 * `@mcpkit/protocol/internal`: plumbing the mcpkit packages share and applications do not use
 * (performance helpers, generic guards). It follows no semver promise and may change in any
 * release; import the public API from `@mcpkit/protocol`.
 *
 * @internal
 * @packageDocumentation
 */
export { abortable } from './abortable.js';
export { type Check, compileCheck } from './check.js';
export { describeFailure } from './decode.js';
export { isRecord } from './is-record.js';
export { LazyAbort } from './lazy-abort.js';
export { LazyRequestContext } from './lazy-context.js';
export { valueAtPath } from './mcp-header.js';
