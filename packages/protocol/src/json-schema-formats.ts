import { isUrl } from './url-format.js';

/**
 * The formats `compileJsonSchema` asserts, each checked in time linear in the string (no nested
 * repetition a backtracking engine could explore for long); any other format name is ignored.
 */

const HEX = '[\\da-f]';
const DATE = /^(\d{4})-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:z|([+-])(\d\d):(\d\d))$/i;
/** RFC 3339's duration grammar: each unit may be followed only by the next smaller one. */
const units = (a: string, b: string, c: string) =>
  `\\d+${a}(?:\\d+${b}(?:\\d+${c})?)?|\\d+${b}(?:\\d+${c})?|\\d+${c}`;
const DURATION = new RegExp(
  `^P(?:\\d+W|(?:${units('Y', 'M', 'D')})(?:T(?:${units('H', 'M', 'S')}))?|T(?:${units('H', 'M', 'S')}))$`,
);
const LABEL = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEX_GROUP = new RegExp(`^${HEX}{1,4}$`, 'i');
const UUID = new RegExp(`^${HEX}{8}-(?:${HEX}{4}-){3}${HEX}{12}$`, 'i');
const POINTER = '(?:/(?:[^~/]|~[01])*)*';
const JSON_POINTER = new RegExp(`^${POINTER}$`);
const RELATIVE_JSON_POINTER = new RegExp(`^(?:0|[1-9]\\d*)(?:#|${POINTER})$`);
const POINTER_FRAGMENT = new RegExp(`^#(?:/(?:[\\w\\-.!$&'()*+,;:=@]|%${HEX}{2}|~[01])*)*$`, 'i');
/** RFC 3986 appendix B: scheme, authority, path, query and fragment of any string. */
const URI_PARTS = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const PCT = `%${HEX}{2}`;
const SUB_DELIMS = "!$&'()*+,;=";
const chars = (extra: string) => new RegExp(`^(?:[\\w\\-.~${SUB_DELIMS}${extra}]|${PCT})*$`, 'i');
const USER_INFO = chars(':');
const REG_NAME = chars('');
const PATH = chars(':@/');
const QUERY = chars(':@/?');
const SCHEME = /^[a-z][a-z\d+.-]*$/i;
const IP_FUTURE = new RegExp(`^v${HEX}+\\.[\\w\\-.~${SUB_DELIMS}:]+$`, 'i');
const VARIABLE = `(?:\\w|${PCT})+(?:\\.(?:\\w|${PCT})+)*(?::[1-9]\\d{0,3}|\\*)?`;
/** RFC 6570: literal characters (not `"'%<>\^\`{|}`, controls or space) and `{expressions}`. */
const URI_TEMPLATE = new RegExp(
  `^(?:[^\\x00-\\x20\\x7f"'%<>\\\\^\`{|}]|${PCT}|\\{[+#./;?&=,!@|]?${VARIABLE}(?:,${VARIABLE})*\\})*$`,
  'i',
);
const EMAIL_LOCAL =
  /^(?:[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*")$/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function isDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  // 31 days in odd months up to July and in even months from August.
  const days = month === 2 ? (isLeapYear(Number(parts[1])) ? 29 : 28) : 30 + ((month + (month >> 3)) & 1);
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

function isTime(text: string): boolean {
  const parts = TIME.exec(text);
  if (!parts) return false;
  const [hour, minute, second, offsetHour = 0, offsetMinute = 0] = [1, 2, 3, 5, 6].map((i) =>
    Number(parts[i] ?? 0),
  );
  if (hour! > 23 || minute! > 59 || second! > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second! < 60) return true;
  // A leap second happens at 23:59:60 UTC only.
  const sign = parts[4] === '-' ? -1 : parts[4] === '+' ? 1 : 0;
  const utc = (hour! * 60 + minute! - sign * (offsetHour * 60 + offsetMinute) + 1440) % 1440;
  return utc === 1439;
}

function isDateTime(text: string): boolean {
  const parts = text.split(/t|\s/i);
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
}

function isHostname(text: string): boolean {
  return text.length > 0 && text.length <= 253 && text.split('.').every((label) => LABEL.test(label));
}

function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  let groups = 0;
  for (const [index, half] of halves.entries()) {
    if (half === '') continue;
    const parts = half.split(':');
    for (const [position, part] of parts.entries()) {
      // The last group of the address may be an IPv4 address, which counts as two.
      const last = index === halves.length - 1 && position === parts.length - 1;
      if (last && IPV4.test(part)) groups += 2;
      else if (HEX_GROUP.test(part)) groups++;
      else return false;
    }
  }
  return halves.length === 2 ? groups <= 7 : groups === 8;
}

function isHost(host: string): boolean {
  if (!host.startsWith('[')) return REG_NAME.test(host);
  const inside = host.slice(1, -1);
  return host.endsWith(']') && (isIpv6(inside) || IP_FUTURE.test(inside));
}

/** RFC 3986: a URI, or with `relative` a URI reference (a URI or a relative reference). */
function isUriReference(text: string, relative: boolean): boolean {
  const [, scheme, authority, path = '', query = '', fragment = ''] = URI_PARTS.exec(text)!;
  if (scheme === undefined ? !relative || path.split('/', 1)[0]!.includes(':') : !SCHEME.test(scheme))
    return false;
  if (authority !== undefined) {
    const at = authority.lastIndexOf('@');
    const hostAndPort = authority.slice(at + 1);
    const port = /:\d*$/.exec(hostAndPort);
    const host = port ? hostAndPort.slice(0, port.index) : hostAndPort;
    if ((at >= 0 && !USER_INFO.test(authority.slice(0, at))) || !isHost(host)) return false;
  }
  return PATH.test(path) && QUERY.test(query) && QUERY.test(fragment);
}

function isEmail(text: string): boolean {
  const at = text.lastIndexOf('@');
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (at < 1 || local.length > 64 || domain.length > 253 || !EMAIL_LOCAL.test(local)) return false;
  if (!domain.startsWith('[')) return isHostname(domain);
  const address = domain.slice(1, -1);
  if (!domain.endsWith(']')) return false;
  return /^ipv6:/i.test(address) ? isIpv6(address.slice(5)) : IPV4.test(address);
}

function isRegex(text: string): boolean {
  try {
    new RegExp(text, 'u');
    return true;
  } catch {
    return false;
  }
}

const FORMATS: Record<string, (text: string) => boolean> = {
  date: isDate,
  time: isTime,
  'date-time': isDateTime,
  duration: (text) => DURATION.test(text),
  uri: (text) => isUriReference(text, false),
  'uri-reference': (text) => isUriReference(text, true),
  'uri-template': (text) => URI_TEMPLATE.test(text),
  url: isUrl,
  email: isEmail,
  hostname: isHostname,
  ipv4: (text) => IPV4.test(text),
  ipv6: isIpv6,
  regex: isRegex,
  uuid: (text) => UUID.test(text),
  'json-pointer': (text) => JSON_POINTER.test(text),
  'json-pointer-uri-fragment': (text) => POINTER_FRAGMENT.test(text),
  'relative-json-pointer': (text) => RELATIVE_JSON_POINTER.test(text),
};

/** The check for a format `compileJsonSchema` asserts, or `undefined` for a format it ignores. */
export function formatCheck(name: string): ((text: string) => boolean) | undefined {
  return Object.hasOwn(FORMATS, name) ? FORMATS[name] : undefined;
}
