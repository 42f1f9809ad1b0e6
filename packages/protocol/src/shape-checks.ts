import { isRecord } from './is-record.js';
import { LOGGING_LEVELS } from './logging-levels.js';

/*
 * The few shapes every request's `_meta` and every error response need, checked by hand so the
 * message path runs without loading zod. Each predicate gives the verdict `compileCheck` gives for
 * the zod schema of the same name (test/shape-checks.test.ts compares them on generated values);
 * change both together.
 */

function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isJsonValue(value[i])) return false;
        return true;
      }
      return isJsonObject(value);
    default:
      return false;
  }
}

/** `JSONObjectSchema`'s verdict: an object whose values are JSON (finite numbers, no `undefined`). */
export function isJsonObject(value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) if (!isJsonValue(value[key])) return false;
  return true;
}

/** Whether `value` is absent or passes `check`: an optional field. */
export function optional(value: unknown, check: (value: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

/** Whether `value` is absent or a string. */
export function isOptionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** An `experimental`/`extensions` map: an object of JSON objects. */
export function isSettingsMap(value: unknown): boolean {
  if (!isRecord(value)) return false;
  for (const key in value) if (!isJsonObject(value[key])) return false;
  return true;
}

function hasOptionalJsonObjects(value: unknown, first: string, second: string): boolean {
  return isRecord(value) && optional(value[first], isJsonObject) && optional(value[second], isJsonObject);
}

/**
 * `check(value)`, reading a value nested past the stack as not matching (as `compileCheck` does).
 * The checks below call it from a function of their own rather than being made by it at load: a
 * bundler keeps a call at the top of a module (the published JavaScript has no `@__PURE__` left),
 * so an app that never uses a check would still ship it.
 */
export function withinStack(check: (value: unknown) => boolean, value: unknown): boolean {
  try {
    return check(value);
  } catch {
    return false;
  }
}

/** `ClientCapabilitiesSchema`'s verdict. */
export function isClientCapabilities(value: unknown): boolean {
  return withinStack(checkClientCapabilities, value);
}
const checkClientCapabilities = (value: unknown): boolean =>
  isRecord(value) &&
  optional(value.experimental, isSettingsMap) &&
  optional(value.roots, isRecord) &&
  optional(value.sampling, (sampling) => hasOptionalJsonObjects(sampling, 'context', 'tools')) &&
  optional(value.elicitation, (elicitation) => hasOptionalJsonObjects(elicitation, 'form', 'url')) &&
  optional(value.extensions, isSettingsMap);

/** `IconSchema`'s verdict. */
export function isIcon(value: unknown): boolean {
  if (!isRecord(value) || typeof value.src !== 'string') return false;
  if (!isOptionalString(value.mimeType)) return false;
  const { sizes, theme } = value;
  if (sizes !== undefined) {
    if (!Array.isArray(sizes)) return false;
    for (let i = 0; i < sizes.length; i++) if (typeof sizes[i] !== 'string') return false;
  }
  return theme === undefined || theme === 'light' || theme === 'dark';
}

/** `ImplementationSchema`'s verdict. */
export function isImplementation(value: unknown): boolean {
  return withinStack(checkImplementation, value);
}
const checkImplementation = (value: unknown): boolean => {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.version !== 'string') return false;
  if (!isOptionalString(value.title) || !isOptionalString(value.description)) return false;
  if (!isOptionalString(value.websiteUrl)) return false;
  const icons = value.icons;
  if (icons === undefined) return true;
  if (!Array.isArray(icons)) return false;
  for (let i = 0; i < icons.length; i++) if (!isIcon(icons[i])) return false;
  return true;
};

/** `LoggingLevelSchema`'s verdict. */
export function isLoggingLevel(value: unknown): boolean {
  return (LOGGING_LEVELS as readonly unknown[]).includes(value);
}

/** Whether `value` is a request id as the schemas read it: a string or a safe integer. */
function isOptionalRequestId(value: unknown): boolean {
  return value === undefined || typeof value === 'string' || Number.isSafeInteger(value);
}

/** `RequestMetaObjectSchema`'s verdict: the per-request fields of `_meta`, other keys allowed. */
export function isRequestMetaObject(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value['io.modelcontextprotocol/protocolVersion'] === 'string' &&
    isClientCapabilities(value['io.modelcontextprotocol/clientCapabilities']) &&
    optional(value['io.modelcontextprotocol/clientInfo'], isImplementation) &&
    optional(value['io.modelcontextprotocol/logLevel'], isLoggingLevel) &&
    isOptionalRequestId(value.progressToken) // a progress token reads as a request id does
  );
}

/** Whether `value` is an error response `{ jsonrpc, id?, error: { code, message, data } }` whose `data` passes `isData`. */
function isErrorResponse(value: unknown, code: number, isData: (data: unknown) => boolean): boolean {
  if (!isRecord(value) || value.jsonrpc !== '2.0' || !isOptionalRequestId(value.id)) return false;
  const error = value.error;
  return isRecord(error) && error.code === code && typeof error.message === 'string' && isData(error.data);
}

/** `MissingRequiredClientCapabilityErrorSchema`'s verdict. */
export function isMissingCapabilityErrorResponse(value: unknown): boolean {
  return withinStack(checkMissingCapabilityErrorResponse, value);
}
const checkMissingCapabilityErrorResponse = (value: unknown): boolean =>
  isErrorResponse(value, -32021, (data) => isRecord(data) && isClientCapabilities(data.requiredCapabilities));

/** `UnsupportedProtocolVersionErrorSchema`'s verdict. */
export function isUnsupportedVersionErrorResponse(value: unknown): boolean {
  return withinStack(checkUnsupportedVersionErrorResponse, value);
}
const checkUnsupportedVersionErrorResponse = (value: unknown): boolean =>
  isErrorResponse(value, -32022, (data) => {
    if (!isRecord(data) || typeof data.requested !== 'string') return false;
    const supported = data.supported;
    if (!Array.isArray(supported)) return false;
    for (let i = 0; i < supported.length; i++) if (typeof supported[i] !== 'string') return false;
    return true;
  });
