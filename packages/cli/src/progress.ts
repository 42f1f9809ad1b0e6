import type { LoggingMessageNotificationParams, Progress } from '@mcpkit/client';
import type { Output } from './output.js';
import { visible } from './visible.js';

/** Shows a call's progress while it runs; `finish()` once it is over. */
export interface ProgressView {
  update(progress: Progress): void;
  finish(): void;
}

const BAR_WIDTH = 30;

/** `[#######.......]  45% Halfway` for a known total, `12 Working` without one; the server's message made visible. */
export function progressLine(progress: Progress, bar: boolean): string {
  const { total, message } = progress;
  const suffix = message ? ` ${visible(message)}` : '';
  if (total === undefined || !(total > 0)) return `${progress.progress}${suffix}`;
  const fraction = Math.min(1, Math.max(0, progress.progress / total));
  const percent = `${Math.round(fraction * 100)}%`.padStart(4);
  if (!bar) return `${progress.progress}/${total} ${percent.trim()}${suffix}`;
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}${suffix}`;
}

/**
 * Progress on stderr: a bar redrawn in place on a terminal, one plain line per update otherwise
 * (a log file or a pipe). Nothing with `--json`: stdout carries only the result.
 */
export function progressView(output: Output): ProgressView {
  const { stderr } = output.streams;
  if (output.json) return { update() {}, finish() {} };
  if (!output.interactive) {
    return { update: (progress) => stderr.write(`progress ${progressLine(progress, false)}\n`), finish() {} };
  }
  let drawn = false;
  return {
    update(progress) {
      const columns = (stderr as { columns?: number }).columns ?? 80;
      stderr.write(`\r\x1b[2K${progressLine(progress, true).slice(0, columns - 1)}`);
      drawn = true;
    },
    finish() {
      if (drawn) stderr.write('\r\x1b[2K');
      drawn = false;
    },
  };
}

/** A server log message on stderr: `[warning] logger: text`. */
export function logLine(message: LoggingMessageNotificationParams): string {
  const data = typeof message.data === 'string' ? message.data : JSON.stringify(message.data);
  return `[${message.level}]${message.logger ? ` ${message.logger}:` : ''} ${data}`;
}
