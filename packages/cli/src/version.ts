declare const __MCPKIT_VERSION__: string;

/** The version of `@mcpkit/cli`, written into the build from its package.json. */
export const CLI_VERSION: string = __MCPKIT_VERSION__;
