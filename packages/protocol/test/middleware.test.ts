import { describe, expect, it } from 'vitest';
import { compose, type Middleware } from '../src/index.js';
import { networkOf } from '../src/internal.js';

type Ctx = { readonly label: string };

describe('compose', () => {
  it('runs layers first-added outermost and hands on the context a layer passes to next', async () => {
    const seen: string[] = [];
    const layers: Middleware<Ctx, string>[] = [
      async (ctx, next) => {
        seen.push(`a:${ctx.label}`);
        return `a(${await next({ label: `${ctx.label}+a` })})`;
      },
      async (ctx, next) => {
        seen.push(`b:${ctx.label}`);
        return `b(${await next()})`;
      },
    ];
    const chain = compose(layers, 'test');
    const result = await chain({ label: 'x' }, async (ctx) => `end:${ctx.label}`);
    expect(result).toBe('a(b(end:x+a))');
    expect(seen).toEqual(['a:x', 'b:x+a']);
  });

  it('a second next() rejects, naming the chain and the layer, and the end runs once', async () => {
    let ends = 0;
    let second: unknown;
    const chain = compose<Ctx, number>(
      [
        (_ctx, next) => next(),
        async (_ctx, next) => {
          const first = await next();
          second = await next().catch((error: unknown) => error);
          return first;
        },
      ],
      'server receive',
    );
    expect(await chain({ label: 'x' }, async () => ++ends)).toBe(1);
    expect(ends).toBe(1);
    expect((second as Error).message).toMatch(/^server receive middleware #2 called next\(\) twice/);
  });

  it('with one layer: next() hands on the context passed or the same one, and a second next() rejects', async () => {
    let ends = 0;
    let second: unknown;
    const seen: string[] = [];
    const chain = compose<Ctx, number>(
      [
        async (ctx, next) => {
          const first = await next(ctx.label === 'x' ? { label: 'x+a' } : undefined);
          second = await next().catch((error: unknown) => error);
          return first;
        },
      ],
      'client send',
    );
    const end = async (ctx: Ctx) => {
      seen.push(ctx.label);
      return ++ends;
    };
    expect(await chain({ label: 'x' }, end)).toBe(1);
    expect((second as Error).message).toMatch(/^client send middleware #1 called next\(\) twice/);
    expect(await chain({ label: 'y' }, end)).toBe(2);
    expect(seen).toStrictEqual(['x+a', 'y']);
    const boom = new Error('boom');
    const throwing = () => {
      throw boom;
    };
    await expect(chain({ label: 'z' }, throwing)).rejects.toBe(boom);
    await expect(compose<Ctx, number>([throwing], 'test')({ label: 'z' }, end)).rejects.toBe(boom);
  });

  it('a layer or an end that throws synchronously rejects the chain', async () => {
    const boom = new Error('boom');
    const throwing = compose<Ctx, number>(
      [
        () => {
          throw boom;
        },
      ],
      'test',
    );
    await expect(throwing({ label: 'x' }, async () => 1)).rejects.toBe(boom);
    const empty = compose<Ctx, number>([], 'test');
    await expect(
      empty({ label: 'x' }, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });

  it('adding layers after composing does not change the chain composed before', async () => {
    const layers: Middleware<Ctx, string>[] = [];
    const chain = compose(layers, 'test');
    layers.push(async () => 'added');
    expect(await chain({ label: 'x' }, async () => 'end')).toBe('end');
  });
});

describe('networkOf', () => {
  it('prefers what the transport said, else derives the kind from its name', () => {
    const said = { transport: 'tcp', address: '203.0.113.7', port: 5 };
    expect(networkOf('http', said)).toBe(said);
    expect(networkOf('stdio', undefined)).toEqual({ transport: 'pipe' });
    expect(networkOf('http', undefined)).toEqual({ transport: 'tcp' });
    expect(networkOf('memory', undefined)).toEqual({ transport: 'inproc' });
    expect(networkOf('websocket', undefined)).toEqual({ transport: 'websocket' });
  });
});
