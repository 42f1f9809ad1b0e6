// `params._meta` as the carrier of OpenTelemetry context: the configured propagators write and
// read their keys there unprefixed (`traceparent`, `tracestate`, `baggage` for W3C), as the MCP
// conventions ask.
import { type Context, propagation, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';

type Meta = Record<string, unknown>;

/** Where the propagators write; the keys object is made only when one of them writes. */
interface Injection {
  keys: Meta | undefined;
}

const carrier: Injection = { keys: undefined };

const setter: TextMapSetter<Injection> = {
  set(carrier, key, value) {
    carrier.keys ??= {};
    carrier.keys[key] = value;
  },
};

const getter: TextMapGetter<Meta> = {
  keys: (carrier) => Object.keys(carrier),
  get(carrier, key) {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

function metaOf(params: Readonly<Record<string, unknown>> | undefined): Meta | undefined {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? (meta as Meta) : undefined;
}

/**
 * `params` with `context` injected into a copy of its `_meta`; `params` itself when the
 * propagators wrote nothing (none configured, or no span to propagate). The caller's objects are
 * never changed: they may be the application's.
 */
export function injectMeta(
  context: Context,
  params: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  // One carrier for every message: `inject` is synchronous, and the carrier is emptied again whatever happens.
  let keys: Meta | undefined;
  try {
    propagation.inject(context, carrier, setter);
    keys = carrier.keys;
  } finally {
    carrier.keys = undefined;
  }
  return keys === undefined ? params : { ...params, _meta: { ...metaOf(params), ...keys } };
}

/** `base` with what the propagators read from `params._meta` (a remote parent, baggage) added. */
export function extractMeta(base: Context, params: Readonly<Record<string, unknown>> | undefined): Context {
  const meta = metaOf(params);
  return meta === undefined ? base : propagation.extract(base, meta, getter);
}
