// A small autocannon-style load generator: N keep-alive connections, each sending the same POST
// again as soon as the previous response is complete. Counts responses and non-200 statuses.
import { connect } from 'node:net';

/** Runs the load for `seconds`; resolves with { requests, non200, seconds }. */
export function runLoad({ port, path, headers, body, connections, seconds }) {
  const head = [`POST ${path} HTTP/1.1`, 'host: 127.0.0.1', `content-length: ${Buffer.byteLength(body)}`]
    .concat(Object.entries(headers).map(([name, value]) => `${name}: ${value}`))
    .join('\r\n');
  const requestBytes = Buffer.from(`${head}\r\n\r\n${body}`);
  let requests = 0;
  let non200 = 0;
  let stopping = false;
  const sockets = [];
  const started = performance.now();

  for (let i = 0; i < connections; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    socket.on('connect', () => socket.write(requestBytes));
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const headText = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headText)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        if (!headText.startsWith('HTTP/1.1 200')) non200 += 1;
        requests += 1;
        buffer = buffer.subarray(end + 4 + length);
        if (!stopping) socket.write(requestBytes);
      }
    });
    socket.on('error', () => {});
    sockets.push(socket);
  }
  return new Promise((resolve) => {
    setTimeout(() => {
      stopping = true;
      const elapsed = (performance.now() - started) / 1000;
      for (const socket of sockets) socket.destroy();
      resolve({ requests, non200, seconds: elapsed });
    }, seconds * 1000);
  });
}
