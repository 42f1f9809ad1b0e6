// `params._meta` as the carrier of OpenTelemetry context: the configured propagators write and
// read their keys there unprefixed (`traceparent`, `tracestate`, `baggage` for W3C), as the MCP
// conventions ask.
import { type Context, propagation, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';

type Meta = Record<string, unknown>;

const setter: TextMapSetter<Meta> = {
  set(carrier, key, value) {
    carrier[key] = value;
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
  const injected: Meta = {};
  propagation.inject(context, injected, setter);
  if (Object.keys(injected).length === 0) return params;
  return { ...params, _meta: { ...metaOf(params), ...injected } };
}

/** `base` with what the propagators read from `params._meta` (a remote parent, baggage) added. */
export function extractMeta(base: Context, params: Readonly<Record<string, unknown>> | undefined): Context {
  const meta = metaOf(params);
  return meta === undefined ? base : propagation.extract(base, meta, getter);
}
