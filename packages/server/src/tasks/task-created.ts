/** What `ctx.runAsTask` hands back to the `tools/call` route when the call became a task. */
export class TaskCreated {
  constructor(readonly result: Record<string, unknown>) {}
}
