const SCHEME = /^(?:https?|ftp):\/\//iu;
const WHITESPACE = /\s/u;
const PORT = /^\d{2,5}$/u;
/** A host name with a top-level domain of letters: labels of letters and digits, single inner hyphens. */
const HOST_NAME =
  /^[a-z\u00a1-\uffff0-9]+(?:-[a-z\u00a1-\uffff0-9]+)*(?:\.[a-z\u00a1-\uffff0-9]+(?:-[a-z\u00a1-\uffff0-9]+)*)*\.[a-z\u00a1-\uffff]{2,}$/iu;
const PUBLIC_IPV4 =
  /^(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4])$/u;
const PRIVATE_IPV4 =
  /^(?:10(?:\.\d{1,3}){3}|127(?:\.\d{1,3}){3}|169\.254(?:\.\d{1,3}){2}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})/u;

function isHostAndPort(segment: string): boolean {
  const colon = segment.indexOf(':');
  const host = colon < 0 ? segment : segment.slice(0, colon);
  if (colon >= 0 && !PORT.test(segment.slice(colon + 1))) return false;
  if (PUBLIC_IPV4.test(host)) return !PRIVATE_IPV4.test(host);
  return HOST_NAME.test(host);
}

/**
 * The JSON Schema validator's `url` format in linear time: an `http`, `https` or `ftp` URL with
 * optional user info, a public IPv4 address or a host name with a top-level domain, an optional
 * port of 2 to 5 digits and an optional path, without whitespace. It accepts exactly what the
 * validator's own expression does, which nests repetitions and takes exponential time.
 *
 * User info may hold `@` and `/`, so every `@` could end it: each is tried, and the host that
 * would follow it runs only to the next `@` or `/`, so no character is looked at twice.
 */
export function isUrl(value: string): boolean {
  const scheme = SCHEME.exec(value);
  if (scheme === null) return false;
  const rest = value.slice(scheme[0].length);
  if (WHITESPACE.test(rest)) return false;
  let start = 0;
  while (start <= rest.length) {
    let end = start;
    while (end < rest.length && rest[end] !== '/' && rest[end] !== '@') end++;
    if ((end === rest.length || rest[end] === '/') && isHostAndPort(rest.slice(start, end))) return true;
    // User info is at least one character: an `@` opening the rest cannot end it.
    let at = rest.indexOf('@', end);
    if (at === 0) at = rest.indexOf('@', 1);
    if (at < 0) return false;
    start = at + 1;
  }
  return false;
}
