declare const __MCPKIT_VERSION__: string;

/** The version of `@mcpkit/client`, written into the build from its package.json. */
export const CLIENT_VERSION: string = __MCPKIT_VERSION__;
