/** What a test body saw of its reader: bytes handed out and whether it was cancelled. */
export interface BodyProbe {
  pulled: number;
  cancelled: boolean;
}

/** The size of every chunk a hostile body hands out. */
export const CHUNK_BYTES = 16 * 1024;

/**
 * A body that never ends, counting what is pulled from it. So that a reader without a limit fails
 * a test instead of eating the machine, it errors after `giveUpAt` bytes.
 */
export function endlessBody(giveUpAt = 8 * 1024 * 1024): {
  body: ReadableStream<Uint8Array>;
  probe: BodyProbe;
} {
  const probe: BodyProbe = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(CHUNK_BYTES).fill(0x20);
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (probe.pulled >= giveUpAt) {
          controller.error(new Error(`the test body gave up after ${probe.pulled} bytes`));
          return;
        }
        probe.pulled += chunk.byteLength;
        controller.enqueue(chunk.slice());
      },
      cancel() {
        probe.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, probe };
}

/**
 * A body that sends a few bytes and then one more chunk every `everyMs`, never reaching any limit:
 * only a time limit ends it. It errors after `giveUpAfterMs` so a reader without one fails a test.
 */
export function drippingBody(everyMs = 50, giveUpAfterMs = 4000) {
  const probe: BodyProbe = { pulled: 0, cancelled: false };
  const started = Date.now();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, everyMs));
        if (probe.cancelled) return;
        if (Date.now() - started > giveUpAfterMs) {
          controller.error(new Error('the dripping test body gave up'));
          return;
        }
        probe.pulled += 1;
        controller.enqueue(new Uint8Array([0x20]));
      },
      cancel() {
        probe.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, probe };
}

/** The kinds of oversized answers every reader must refuse. */
export type Hostility = 'endless' | 'huge Content-Length';

/** A JSON response of the given hostility, and the probe of its body. */
export function hostileResponse(kind: Hostility, status = 200): { response: Response; probe: BodyProbe } {
  const { body, probe } = endlessBody();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (kind === 'huge Content-Length') headers['content-length'] = String(10 * 1024 ** 3);
  return { response: new Response(body, { status, headers }), probe };
}
