// The two calls the Deno and Bun examples make, declared so that they type-check beside the Node
// examples without either runtime's full type package.
declare namespace Deno {
  function serve(
    options: { hostname?: string; port?: number },
    handler: (request: Request) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
}
declare namespace Bun {
  function serve(options: {
    hostname?: string;
    port?: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { stop(): void };
}
