import { setTimeout as delay } from 'node:timers/promises';
import type { HandlerContext, ToolResult } from '@mcpkit/server';

/** A tool result holding one text block. */
export function textResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

/** Waits `ms`, or rejects at once with its reason when `signal` aborts (the client cancelled or went away). */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal }).catch(() => signal.throwIfAborted());
}

/** A tool handler that logs three messages at info level, 50 ms apart (the logging scenarios of both eras). */
export async function logThreeMessages(_args: unknown, ctx: HandlerContext): Promise<ToolResult> {
  ctx.log.info('Tool execution started');
  await pause(50, ctx.signal);
  ctx.log.info('Tool processing data');
  await pause(50, ctx.signal);
  ctx.log.info('Tool execution completed');
  return textResult('Logging test completed');
}
