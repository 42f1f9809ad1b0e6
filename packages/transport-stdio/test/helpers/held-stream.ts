import { Writable } from 'node:stream';

/** A writable whose writes complete only when the test calls `release`. */
export function heldStream(highWaterMark: number) {
  const writes: string[] = [];
  const callbacks: (() => void)[] = [];
  const stream = new Writable({
    highWaterMark,
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      writes.push(chunk);
      callbacks.push(callback);
    },
  });
  const release = () => {
    for (const callback of callbacks.splice(0)) callback();
  };
  return { stream, writes, release };
}
