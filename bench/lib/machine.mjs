// What the numbers were measured on.
import { arch, availableParallelism, cpus, loadavg, platform, release, totalmem } from 'node:os';

export function describeMachine() {
  return {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU',
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverage: loadavg()[0],
  };
}
