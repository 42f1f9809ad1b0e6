/** The members of a `Response` the adapters read. */
interface ResponseLike {
  status: number;
  statusText?: string;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  arrayBuffer(): Promise<ArrayBuffer>;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` of another realm or class (a polyfill, `undici`'s, another frame's) fails
 * `instanceof Response`; it is recognised by the members the adapters read.
 */
function isResponseLike(value: unknown): value is ResponseLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof ResponseLike, unknown>>;
  const headers = candidate.headers as { forEach?: unknown } | null | undefined;
  return (
    Number.isInteger(candidate.status) &&
    typeof headers === 'object' &&
    headers !== null &&
    typeof headers.forEach === 'function' &&
    typeof candidate.arrayBuffer === 'function'
  );
}

/** Rebuilds a foreign response as a `Response` of this runtime, which every adapter can send. */
async function adopt(foreign: ResponseLike): Promise<Response> {
  const headers = new Headers();
  foreign.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  const bytes = await foreign.arrayBuffer();
  const body = bytes.byteLength === 0 || NULL_BODY_STATUSES.has(foreign.status) ? null : bytes;
  return new Response(body, { status: foreign.status, statusText: foreign.statusText, headers });
}

/**
 * `value` as a `Response` of this runtime when it is one by class or by shape, else
 * `undefined`. Rejects when a foreign response cannot be read or rebuilt.
 */
export async function asResponse(value: unknown): Promise<Response | undefined> {
  if (value instanceof Response) return value;
  return isResponseLike(value) ? adopt(value) : undefined;
}

/** An object literal (or `Object.create(null)`), from this realm or another: not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
