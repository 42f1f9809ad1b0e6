/**
 * A result an extension makes a tool call answer with instead of the tool's own (the tasks
 * extension's `CreateTaskResult`): a handler that returns it has its value passed on as is, not
 * checked as a `CallToolResult`. Its `resultType` must be one the extension declares
 * (`ServerExtension.resultTypes`) for this request.
 *
 * @example
 * ```ts
 * // A tool-context member that answers the call with a result of the extension's own type.
 * toolContext: { defer: () => () => new ExtensionResult({ resultType: 'deferred', ticket: crypto.randomUUID() }) },
 * resultTypes: { deferred: (method) => method === 'tools/call' },
 * ```
 */
export class ExtensionResult {
  constructor(readonly result: Record<string, unknown>) {}
}
