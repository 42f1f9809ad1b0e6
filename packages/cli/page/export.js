// Export: the session's protocol log (every JSON-RPC message and HTTP exchange) as a JSON file.

/** The shape of an export; `format` and `version` name it for whoever reads the file. */
const FORMAT = 'mcpkit-inspector-session';
const events = [];
let target = '';

/** Keeps a `message` or `http` event for the export, and the target from `hello`. */
export function keep(event) {
  if (event.type === 'hello') target = event.target;
  else events.push(event);
}

/** Downloads `{ format, version, target, exportedAt, messages, http }` as `mcpkit-session.json`. */
export function download() {
  const strip = ({ type, ...rest }) => rest;
  const session = {
    format: FORMAT,
    version: 1,
    target,
    exportedAt: new Date().toISOString(),
    messages: events.filter((event) => event.type === 'message').map(strip),
    http: events.filter((event) => event.type === 'http').map(strip),
  };
  const url = URL.createObjectURL(new Blob([JSON.stringify(session, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'mcpkit-session.json' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
