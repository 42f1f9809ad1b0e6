import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCheck } from '../src/check.js';
import {
  ClientCapabilitiesSchema,
  decodeParams,
  ImplementationSchema,
  LoggingLevelSchema,
  MissingRequiredClientCapabilityErrorSchema,
  methods,
  RequestMetaObjectSchema,
  UnsupportedProtocolVersionErrorSchema,
} from '../src/index.js';
import {
  isClientCapabilities,
  isImplementation,
  isLoggingLevel,
  isMissingCapabilityErrorResponse,
  isRequestMetaObject,
  isUnsupportedVersionErrorResponse,
} from '../src/shape-checks.js';

// The hand-written checks of the message path must give the verdict of the zod schemas they stand
// for. Generated values put JSON (and a few values JSON cannot hold) where each check looks.

const RUNS = 3000;
/** 3,000 generated values take a few seconds on an idle machine and ten times that on a loaded CI one. */
const PROPERTY_TIMEOUT_MS = 180_000;
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, 1.5, -0, [], {}, [undefined]),
);
const jsonObject = fc.dictionary(fc.string({ maxLength: 3 }), leaf, { maxKeys: 3 });
/** Mostly the shape, sometimes anything: mostly valid values, so a wrong verdict on a valid one shows. */
const either = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: leaf, weight: 1 });

const capabilities = either(
  fc.record(
    {
      experimental: either(fc.dictionary(fc.string({ maxLength: 2 }), either(jsonObject), { maxKeys: 2 })),
      roots: either(jsonObject),
      sampling: either(
        fc.record({ context: either(jsonObject), tools: either(jsonObject) }, { requiredKeys: [] }),
      ),
      elicitation: either(
        fc.record({ form: either(jsonObject), url: either(jsonObject) }, { requiredKeys: [] }),
      ),
      extensions: either(fc.dictionary(fc.string({ maxLength: 2 }), either(jsonObject), { maxKeys: 2 })),
      other: leaf,
    },
    { requiredKeys: [] },
  ),
);

const icon = either(
  fc.record(
    {
      src: either(fc.string()),
      mimeType: either(fc.string()),
      sizes: either(fc.array(either(fc.string()), { maxLength: 2 })),
      theme: either(fc.constantFrom('light', 'dark', 'dim')),
    },
    { requiredKeys: [] },
  ),
);
const implementation = either(
  fc.record(
    {
      name: either(fc.string()),
      title: either(fc.string()),
      version: either(fc.string()),
      description: either(fc.string()),
      websiteUrl: either(fc.string()),
      icons: either(fc.array(icon, { maxLength: 2 })),
    },
    { requiredKeys: [] },
  ),
);

/** A request's `_meta`: the per-request fields, a progress token, and a key of someone else's. */
const requestMeta = either(
  fc.record(
    {
      'io.modelcontextprotocol/protocolVersion': either(fc.constantFrom('2026-07-28', 'x')),
      'io.modelcontextprotocol/clientCapabilities': capabilities,
      'io.modelcontextprotocol/clientInfo': implementation,
      'io.modelcontextprotocol/logLevel': either(fc.constantFrom('debug', 'loud')),
      progressToken: either(fc.oneof(fc.string(), fc.integer(), fc.double())),
      'com.example/other': leaf,
    },
    { requiredKeys: [] },
  ),
);

function errorResponse(code: number, data: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return either(
    fc.record(
      {
        jsonrpc: either(fc.constant('2.0')),
        id: either(fc.oneof(fc.string(), fc.integer(), fc.double())),
        error: either(
          fc.record(
            { code: either(fc.constantFrom(code, code - 1)), message: either(fc.string()), data },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  );
}

function sameVerdict(
  check: (value: unknown) => boolean,
  schema: Parameters<typeof compileCheck>[0],
  values: fc.Arbitrary<unknown>,
) {
  const reference = compileCheck(schema);
  fc.assert(
    fc.property(values, (value) => {
      expect(check(value)).toBe(reference(value));
    }),
    { numRuns: RUNS },
  );
}

describe('hand-written message-path checks agree with the schemas', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('ClientCapabilities (C-1, P-35)', () => {
    sameVerdict(isClientCapabilities, ClientCapabilitiesSchema, capabilities);
  });

  it('Implementation (clientInfo, P-38)', () => {
    sameVerdict(isImplementation, ImplementationSchema, implementation);
  });

  it('LoggingLevel (S-71)', () => {
    sameVerdict(isLoggingLevel, LoggingLevelSchema, either(fc.constantFrom('debug', 'emergency', 'loud')));
  });

  it('RequestMetaObject (the per-request _meta, P-34, C-1)', () => {
    sameVerdict(isRequestMetaObject, RequestMetaObjectSchema, requestMeta);
  });

  it('the -32021 error response and its data (S-3)', () => {
    const data = either(fc.record({ requiredCapabilities: capabilities }, { requiredKeys: [] }));
    sameVerdict(
      isMissingCapabilityErrorResponse,
      MissingRequiredClientCapabilityErrorSchema,
      errorResponse(-32021, data),
    );
  });

  it('the -32022 error response and its data (S-2)', () => {
    const data = either(
      fc.record(
        {
          supported: either(fc.array(either(fc.string()), { maxLength: 2 })),
          requested: either(fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    sameVerdict(
      isUnsupportedVersionErrorResponse,
      UnsupportedProtocolVersionErrorSchema,
      errorResponse(-32022, data),
    );
  });

  it('a value nested past the stack matches neither', () => {
    let deep: unknown = {};
    for (let i = 0; i < 200_000; i++) deep = { x: deep };
    const capabilitiesValue = { experimental: { a: deep } };
    expect(isClientCapabilities(capabilitiesValue)).toBe(
      compileCheck(ClientCapabilitiesSchema)(capabilitiesValue),
    );
  });
});

describe('decodeParams gives the schema verdict on the shapes it checks by hand', {
  timeout: PROPERTY_TIMEOUT_MS,
}, () => {
  const params = fc.record(
    {
      _meta: requestMeta,
      name: either(fc.string()),
      arguments: either(jsonObject),
      inputResponses: leaf,
      requestState: either(fc.string()),
      cursor: either(fc.string()),
    },
    { requiredKeys: ['_meta'] },
  );

  for (const method of ['server/discover', 'tools/list', 'tools/call'] as const) {
    it(`${method} (P-34)`, () => {
      sameVerdict((value) => decodeParams(method, value).ok, methods[method].params, params);
    });
  }
});
