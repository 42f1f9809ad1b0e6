/**
 * A result an extension makes a tool call answer with instead of the tool's own (the tasks
 * extension's `CreateTaskResult`): a handler that returns it has its value passed on as is, not
 * checked as a `CallToolResult`. Its `resultType` must be one the extension declares
 * (`ServerExtension.resultTypes`) for this request.
 */
export class ExtensionResult {
  constructor(readonly result: Record<string, unknown>) {}
}
