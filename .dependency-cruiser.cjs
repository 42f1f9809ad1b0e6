// `npm test` runs dependency-cruiser with this file: no import circle in the packages' and apps'
// sources. Type-only imports count (`tsPreCompilationDeps`): a circle of types still ties its files
// together for whoever reads or moves them. Neither core, client or server, imports from its legacy/;
// the client's minimal entry reaches no loader of our JSON Schema validator.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Move what both sides need into a module of its own that imports neither.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-core-not-legacy',
      severity: 'error',
      comment:
        "The client's core knows the 2025 era only through era-seam.ts; only the entry that speaks that era (mcp-client.ts) wires legacy/ in (docs/design/era-seam.md).",
      from: { path: '^packages/client/src/', pathNot: '^packages/client/src/(legacy/|mcp-client\\.ts$)' },
      to: { path: '^packages/client/src/legacy/' },
    },
    {
      name: 'client-minimal-not-our-validator',
      severity: 'error',
      comment:
        "@mcpkit/client/minimal leaves the JSON Schema validator to the app: no module it reaches may import the client's loader of ours, whose import() would put the validator's chunk in its bundles (docs/design/client-footprint.md).",
      from: { path: '^packages/client/src/minimal\\.ts$' },
      to: { path: '^packages/client/src/json-schema-loader\\.ts$', reachable: true },
    },
    {
      name: 'server-core-not-legacy',
      severity: 'error',
      comment:
        'The server core knows the 2025 era only through src/era-seam.ts; the entry (index.ts) wires legacy/ in, so deleting the era is deleting that folder and those lines.',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/(index\\.ts$|legacy/)' },
      to: { path: '^packages/server/src/legacy/' },
    },
  ],
  options: {
    includeOnly: '^(packages|apps)/[^/]+/src/',
    exclude: { path: '\\.(test|spec)\\.ts$|\\.d\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    progress: { type: 'none' },
  },
};
