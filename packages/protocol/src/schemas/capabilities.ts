import * as z from 'zod/v4/mini';
import { deferred } from './deferred.js';
import { JSONObjectSchema } from './json.js';
import { serverOfferings } from './server-offerings.js';

const settingsMap = deferred(() => z.optional(z.record(z.string(), JSONObjectSchema)));

const clientCapabilities = deferred(() =>
  z.object({
    experimental: settingsMap(),
    roots: z.optional(z.object({})),
    sampling: z.optional(
      z.object({ context: z.optional(JSONObjectSchema), tools: z.optional(JSONObjectSchema) }),
    ),
    elicitation: z.optional(
      z.object({ form: z.optional(JSONObjectSchema), url: z.optional(JSONObjectSchema) }),
    ),
    extensions: settingsMap(),
  }),
);
/** What a client can do, declared on every request in `_meta` (C-1, C-3). `elicitation: {}` means form mode only (P-50). */
export interface ClientCapabilities extends z.infer<ReturnType<typeof clientCapabilities>> {}
export const ClientCapabilitiesSchema: z.ZodMiniType<ClientCapabilities> = z.lazy(clientCapabilities);

const serverCapabilities = deferred(() =>
  z.object({ experimental: settingsMap(), ...serverOfferings(), extensions: settingsMap() }),
);
/** What a server offers, advertised only in the `server/discover` result (P-53). */
export interface ServerCapabilities extends z.infer<ReturnType<typeof serverCapabilities>> {}
export const ServerCapabilitiesSchema: z.ZodMiniType<ServerCapabilities> = z.lazy(serverCapabilities);
