import { randomBytes } from 'node:crypto';
import type { SessionRecord, TaskRecord } from '@mcpkit/server';

/** A `MCPKIT_STATE_KEY` value the instances of a test share. */
export const STATE_KEY = randomBytes(32).toString('hex');

let counter = 0;

/** A distinct prefix per test, so tests sharing one redis-server never see each other's keys. */
export function freshPrefix(): string {
  counter++;
  return `t${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function session(id: string, principal?: string, pad = ''): SessionRecord {
  return {
    id,
    protocolVersion: '2025-11-25',
    clientCapabilities: {},
    clientInfo: { name: `client${pad}`, version: '1' },
    ...(principal === undefined ? {} : { principal }),
    subscriptions: [],
  };
}

export function task(
  taskId: string,
  owner?: string,
  expiresAt: number | null = Date.now() + 60_000,
): TaskRecord {
  const at = new Date().toISOString();
  return {
    task: { taskId, status: 'working', createdAt: at, lastUpdatedAt: at, ttlMs: 60_000 },
    owner,
    expiresAt,
    runner: { instanceId: 'a', startId: 's1' },
    tool: 'slow',
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
