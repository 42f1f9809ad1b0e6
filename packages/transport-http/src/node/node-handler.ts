import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { McpEndpoint, NetworkPeer } from '@mcpkit/protocol';
import { LazyAbort } from '@mcpkit/protocol/internal';
import { answerHttpRequest, type ReplyInCallback } from '../server/answer-http-request.js';
import { type BodyRead, CLIENT_GONE, type IncomingHttpRequest } from '../server/incoming.js';
import { type HttpServerOptions, resolveConfig } from '../server/options.js';
import type { HttpReply, SseStream } from '../server/replies.js';
import { NodeHeaders } from './node-headers.js';

type BufferedReply = Extract<HttpReply, { kind: 'buffered' }>;

/** An `IncomingMessage`, possibly with a body a framework already parsed (Express, Fastify). */
export type NodeRequest = IncomingMessage & { body?: unknown };

const TOO_LARGE: BodyRead = { kind: 'too-large' };
const FAILED: BodyRead = { kind: 'failed' };
const NO_BYTES = Buffer.alloc(0);

/** A body a framework consumed before us: `req.body` once the stream has ended. */
function preReadBody(req: NodeRequest): BodyRead | undefined {
  if (req.body === undefined || !req.readableEnded) return undefined;
  const { body } = req;
  if (typeof body === 'string' || body instanceof Uint8Array) return { kind: 'bytes', bytes: body };
  return { kind: 'parsed', value: body };
}

/** An absolute-form request target (RFC 9112 §3.2.2): its authority, then its path and query. */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)(.*)$/i;

/**
 * What the requests of one connection share: its peer, made once, and the requests still being
 * answered, heard through one `close` listener on the socket rather than one per response.
 */
interface Connection {
  peer: NetworkPeer | undefined;
  /** The newest request still being answered; older ones are linked from it. */
  open: NodeIncoming | undefined;
}

const connections = new WeakMap<Socket, Connection>();

/**
 * An `IncomingMessage` as the shared HTTP layer sees it, and where its reply is written: in the
 * body's `end` event when the endpoint answers at once.
 */
class NodeIncoming implements IncomingHttpRequest, ReplyInCallback {
  readonly cancellation = new LazyAbort();
  readonly headers: Headers;
  readonly #req: NodeRequest;
  readonly #res: ServerResponse;
  /** The request target in origin-form, `/path?query`. */
  readonly #target: string;
  /** The authority of an absolute-form target (`POST http://host/mcp`), else `null`. */
  readonly #targetAuthority: string | null = null;
  /** Where the body being read goes once complete; `undefined` when none is being read. */
  #onRead: ((read: BodyRead) => void) | undefined;
  /** The body's first chunk; a body in one chunk (most) needs no array. */
  #first: Buffer | undefined;
  /** Every chunk, once there is more than one. */
  #chunks: Buffer[] | undefined;
  #size = 0;
  #limit = 0;
  readonly #connection: Connection;
  /** The connection's requests still being answered, older and newer than this one. */
  #older: NodeIncoming | undefined;
  #newer: NodeIncoming | undefined;
  #answering = true;

  constructor(req: NodeRequest, res: ServerResponse) {
    this.#req = req;
    this.#res = res;
    const connection = NodeIncoming.#connectionOf(req.socket);
    this.#connection = connection;
    const older = connection.open;
    if (older !== undefined) {
      this.#older = older;
      older.#newer = this;
    }
    connection.open = this;
    this.headers = new NodeHeaders(req.headers);
    const target = req.url ?? '/';
    const absolute = target.charCodeAt(0) === 0x2f ? null : ABSOLUTE_FORM.exec(target);
    if (absolute === null) {
      this.#target = target;
    } else {
      const rest = absolute[2]!;
      this.#target = rest.charCodeAt(0) === 0x2f ? rest : `/${rest}`;
      this.#targetAuthority = absolute[1]!;
    }
  }

  get method(): string {
    return this.#req.method ?? 'GET';
  }

  host(): string | null {
    return this.#req.headers.host ?? null;
  }

  targetHost(): string | null {
    return this.#targetAuthority;
  }

  pathname(): string {
    const query = this.#target.indexOf('?');
    return query < 0 ? this.#target : this.#target.slice(0, query);
  }

  url(): string {
    const scheme = (this.#req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    const authority = this.#targetAuthority ?? this.#req.headers.host ?? 'localhost';
    return `${scheme}://${authority}${this.#target}`;
  }

  network(): NetworkPeer {
    const connection = this.#connection;
    if (connection.peer === undefined) {
      const { socket } = this.#req;
      connection.peer = Object.freeze({
        transport: 'tcp',
        address: socket.remoteAddress,
        port: socket.remotePort,
      });
    }
    return connection.peer;
  }

  readBody(limit: number): BodyRead | Promise<BodyRead> {
    return this.#bodyAtOnce(limit) ?? new Promise((resolve) => this.#readStream(limit, resolve));
  }

  readBodyThen(limit: number, onRead: (read: BodyRead) => void): BodyRead | undefined {
    const body = this.#bodyAtOnce(limit);
    if (body === undefined) this.#readStream(limit, onRead);
    return body;
  }

  /** Writes `reply`; the promise, when there is one, settles once it is written. */
  send(reply: HttpReply | Promise<HttpReply>): Promise<void> | undefined {
    if (reply instanceof Promise)
      return reply.then(
        (ready) => this.#write(ready),
        () => this.fail(),
      );
    return this.#write(reply);
  }

  fail(): void {
    failed(this.#res);
    this.#answered();
  }

  #write(reply: HttpReply): Promise<void> | undefined {
    const writing = writeReply(this.#res, reply, this.cancellation);
    if (writing === undefined) this.#answered();
    else return writing.then(() => this.#answered());
    return undefined;
  }

  /** The reply is written: the connection closing no longer concerns this request. */
  #answered(): void {
    if (!this.#answering) return;
    this.#answering = false;
    const older = this.#older;
    const newer = this.#newer;
    if (newer === undefined) this.#connection.open = older;
    else newer.#older = older;
    if (older !== undefined) older.#newer = newer;
    this.#older = undefined;
    this.#newer = undefined;
  }

  /**
   * The connection went away before the reply was written. A body still arriving then never
   * completes (H-34: its exchange never starts), and an exchange under way is aborted.
   */
  #clientGone(): void {
    this.#answering = false;
    this.cancellation.abort(CLIENT_GONE);
    this.#finishRead(FAILED);
  }

  /** The connection of `socket`, with one `close` listener for all its requests. */
  static #connectionOf(socket: Socket): Connection {
    let connection = connections.get(socket);
    if (connection === undefined) {
      const made: Connection = { peer: undefined, open: undefined };
      socket.on('close', () => NodeIncoming.#connectionClosed(made));
      connections.set(socket, made);
      connection = made;
    }
    return connection;
  }

  static #connectionClosed(connection: Connection): void {
    let request = connection.open;
    connection.open = undefined;
    while (request !== undefined) {
      const older = request.#older;
      request.#older = undefined;
      request.#newer = undefined;
      request.#clientGone();
      request = older;
    }
  }

  /**
   * Reads the body as it arrives and hands it to `onRead` in the event that completes it. Two
   * listeners, as the least node:http server has: a client that goes away while sending closes
   * the connection (`#clientGone`); `error` is only emitted to a listener.
   * Listeners stay until the request is dropped: removing them costs more than ignoring them.
   */
  #readStream(limit: number, onRead: (read: BodyRead) => void): void {
    this.#limit = limit;
    this.#onRead = onRead;
    const req = this.#req;
    req.on('data', (chunk: Buffer) => this.#data(chunk));
    req.on('end', () => this.#end());
  }

  #data(chunk: Buffer): void {
    if (this.#onRead === undefined) return;
    this.#size += chunk.length;
    if (this.#size <= this.#limit) {
      if (this.#first === undefined) this.#first = chunk;
      else if (this.#chunks === undefined) this.#chunks = [this.#first, chunk];
      else this.#chunks.push(chunk);
      return;
    }
    this.#req.pause();
    this.#finishRead(TOO_LARGE);
  }

  #end(): void {
    if (this.#onRead === undefined) return;
    const chunks = this.#chunks;
    this.#finishRead({
      kind: 'bytes',
      bytes: chunks === undefined ? (this.#first ?? NO_BYTES) : Buffer.concat(chunks, this.#size),
    });
  }

  #finishRead(read: BodyRead): void {
    const onRead = this.#onRead;
    if (onRead === undefined) return;
    this.#onRead = undefined;
    onRead(read);
  }

  /** A body a framework read, or a declared length over the limit; `undefined` when it is to be read. */
  #bodyAtOnce(limit: number): BodyRead | undefined {
    const preRead = preReadBody(this.#req);
    if (preRead === undefined) {
      const declared = this.#req.headers['content-length'];
      return declared !== undefined && Number(declared) > limit ? TOO_LARGE : undefined;
    }
    if (preRead.kind === 'bytes' && byteLength(preRead.bytes) > limit) return TOO_LARGE;
    return preRead;
  }
}

function byteLength(bytes: Uint8Array | string): number {
  return typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function pump(res: ServerResponse, source: SseStream): Promise<void> {
  for (;;) {
    const frame = await source.next();
    if (frame === null || res.destroyed) break;
    if (!res.write(frame)) await waitForDrain(res);
  }
  if (!res.destroyed) res.end();
}

function writeBuffered(res: ServerResponse, reply: BufferedReply): void {
  if (reply.body === undefined) {
    res.writeHead(reply.status, reply.headers).end();
    return;
  }
  reply.headers['content-length'] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.status, reply.headers).end(reply.body);
}

async function writeUnbuffered(
  res: ServerResponse,
  reply: Exclude<HttpReply, BufferedReply>,
  cancellation: LazyAbort,
): Promise<void> {
  switch (reply.kind) {
    case 'stream': {
      if (cancellation.aborted) {
        reply.source.cancel();
        return;
      }
      res.once('close', () => reply.source.cancel());
      res.writeHead(200, reply.headers);
      await pump(res, reply.source);
      return;
    }
    case 'response': {
      const { response } = reply;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      Object.assign(headers, reply.headers);
      const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, headers).end(body);
      return;
    }
    case 'none':
      res.destroy();
  }
}

/**
 * Serves an MCP endpoint on `node:http`, with the same HTTP rules as `createFetchHandler` but
 * without building Web `Request`/`Response` objects per call. Streams both ways with
 * backpressure; a client that disconnects aborts its exchange (H-34). The returned listener
 * works with `http.createServer`, Express and Fastify; a body Express or Fastify already parsed
 * (`req.body`) is used as is. Its promise never rejects; it settles once the request is handed
 * over, which may be before a reply that waits on the endpoint is written (watch `res`'s
 * `finish` or `close` for that).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const handler = createNodeHandler(server);
 * createServer(handler).listen(3000, '127.0.0.1');
 * // Express: app.all('/mcp', handler) (all methods, so GET and DELETE get 405, not 404: H-38)
 * // Fastify: app.all('/mcp', (request, reply) => { reply.hijack();
 * //            return handler(Object.assign(request.raw, { body: request.body }), reply.raw); })
 * ```
 */
export function createNodeHandler(
  endpoint: McpEndpoint,
  options: HttpServerOptions = {},
): (req: NodeRequest, res: ServerResponse) => Promise<void> {
  const config = resolveConfig(options, endpoint);
  return (req, res) => {
    let incoming: NodeIncoming | undefined;
    let reply: HttpReply | Promise<HttpReply> | undefined;
    try {
      incoming = new NodeIncoming(req, res);
      reply = answerHttpRequest(endpoint, incoming, config, incoming);
    } catch {
      if (incoming === undefined) failed(res);
      else incoming.fail();
      return WRITTEN;
    }
    // A body still arriving: the reply is written by `incoming.send` in the event that completes it.
    if (reply === undefined) return WRITTEN;
    // Most replies are buffered: written in the callback that has them, with no promise after it.
    return incoming.send(reply) ?? WRITTEN;
  };
}

/** What the handler returns when the reply is written, or will be, without a promise. */
const WRITTEN = Promise.resolve();

/** Writes `reply`; a promise only while an SSE stream or a hook's `Response` body is sent. */
function writeReply(
  res: ServerResponse,
  reply: HttpReply,
  cancellation: LazyAbort,
): Promise<void> | undefined {
  try {
    if (reply.kind === 'buffered') {
      writeBuffered(res, reply);
      return undefined;
    }
    return writeUnbuffered(res, reply, cancellation).catch(() => failed(res));
  } catch {
    failed(res);
    return undefined;
  }
}

/** Only a broken socket gets here; the reply rules never throw. */
function failed(res: ServerResponse): void {
  if (!res.headersSent) res.writeHead(500).end();
  else res.destroy();
}
