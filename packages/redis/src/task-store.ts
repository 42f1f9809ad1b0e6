import { McpError } from '@mcpkit/protocol/internal';
import type { TaskRecord, TaskRelay, TaskStore } from '@mcpkit/server';
import { type RedisLink, script } from './link.js';

/** Options of the task store (`RedisClusterOptions.tasks`), as `InMemoryTaskStore`'s. */
export interface RedisTaskStoreOptions {
  /** The most tasks kept, over all instances. Default 10,000. */
  maxTasks?: number;
  /** The most tasks kept for one owner (the creator's `auth.principal`). Default 1,000. */
  maxTasksPerPrincipal?: number;
}

// Keys derived from the prefix (ARGV[1]): <p>:task:<id> (the record, expiring with it),
// <p>:tasks (id -> expiry), <p>:task-owner (id -> owner), <p>:owner-tasks:<owner> (id -> expiry).
const FORGET = `
local function forget(p, id)
  local owner = redis.call('HGET', p .. ':task-owner', id)
  if owner then redis.call('ZREM', p .. ':owner-tasks:' .. owner, id) redis.call('HDEL', p .. ':task-owner', id) end
  redis.call('ZREM', p .. ':tasks', id)
  return redis.call('DEL', p .. ':task:' .. id)
end
local function store(p, id, record, expiry, owner)
  if expiry == 'inf' then redis.call('SET', p .. ':task:' .. id, record)
  else redis.call('SET', p .. ':task:' .. id, record, 'PXAT', expiry) end
  redis.call('ZADD', p .. ':tasks', expiry == 'inf' and '+inf' or expiry, id)
  if owner ~= '' then
    redis.call('HSET', p .. ':task-owner', id, owner)
    redis.call('ZADD', p .. ':owner-tasks:' .. owner, expiry == 'inf' and '+inf' or expiry, id)
  end
end
`;

// ARGV: prefix, now, id, record, expiry ('inf' = never), owner or '', max, max per owner.
// Returns 1 stored, -1 full, -2 the owner's quota used.
const CREATE = script(`${FORGET}
local p, now, id, owner = ARGV[1], tonumber(ARGV[2]), ARGV[3], ARGV[6]
for _, old in ipairs(redis.call('ZRANGEBYSCORE', p .. ':tasks', '-inf', now, 'LIMIT', 0, 1000)) do forget(p, old) end
if redis.call('ZCARD', p .. ':tasks') >= tonumber(ARGV[7]) then return -1 end
if owner ~= '' and redis.call('ZCARD', p .. ':owner-tasks:' .. owner) >= tonumber(ARGV[8]) then return -2 end
store(p, id, ARGV[4], ARGV[5], owner)
return 1
`);

const PUT = script(`${FORGET}
store(ARGV[1], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
return 1
`);

const DELETE = script(`${FORGET}
return forget(ARGV[1], ARGV[3])
`);

function positive(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`tasks.${name} must be a positive integer`);
  return String(value);
}

function refused(message: string): McpError {
  return new McpError(-32603, message, undefined, { reason: 'overloaded' });
}

/**
 * A `TaskStore` on Redis. `create` resolves once Redis holds the task, so any instance finds it
 * when the client polls; caps count over all instances. Its `relay` carries `tasks/cancel` and
 * `tasks/update` to the instance running the work, and a lease tells when that instance died.
 */
export class RedisTaskStore implements TaskStore {
  private readonly max: string;
  private readonly maxPerOwner: string;

  constructor(
    private readonly link: RedisLink,
    options: RedisTaskStoreOptions,
    readonly relay: TaskRelay | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.max = positive('maxTasks', options.maxTasks ?? 10_000);
    this.maxPerOwner = positive('maxTasksPerPrincipal', options.maxTasksPerPrincipal ?? 1000);
  }

  async create(record: TaskRecord): Promise<void> {
    const stored = await this.link.run<number>(
      CREATE,
      [],
      [...this.fields(record), this.max, this.maxPerOwner],
    );
    if (stored === -1) throw refused(`The server holds its most tasks (${this.max}); try again later`);
    if (stored === -2) {
      throw refused(
        `You hold the most tasks one caller may (${this.maxPerOwner}); a task counts until it expires, try again later`,
      );
    }
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const text = await this.link.command<string | null>(['GET', this.link.key('task', taskId)]);
    return text === null ? undefined : (JSON.parse(text) as TaskRecord);
  }

  async put(record: TaskRecord): Promise<void> {
    await this.link.run(PUT, [], this.fields(record));
  }

  async delete(taskId: string): Promise<void> {
    await this.link.run(DELETE, [], [this.link.prefix, String(this.now()), taskId]);
  }

  private fields(record: TaskRecord): string[] {
    const expiry = record.expiresAt === null ? 'inf' : String(Math.ceil(record.expiresAt));
    return [
      this.link.prefix,
      String(this.now()),
      record.task.taskId,
      JSON.stringify(record),
      expiry,
      record.owner ?? '',
    ];
  }
}
