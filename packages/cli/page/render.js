// Renders tool results by content type, and protocol messages with their headers and timing.
import { h, json } from './dom.js';

/** The spec's name for each JSON-RPC error code. */
const ERROR_NAMES = {
  '-32700': 'Parse error',
  '-32600': 'Invalid request',
  '-32601': 'Method not found',
  '-32602': 'Invalid params',
  '-32603': 'Internal error',
  '-32002': 'Resource not found',
  '-32020': 'Header mismatch',
  '-32021': 'Missing required client capability',
  '-32022': 'Unsupported protocol version',
};

/** `-32601 Method not found`, or the code alone for one the spec does not name. */
export function errorName(code) {
  const name = ERROR_NAMES[String(code)];
  return name ? `${code} ${name}` : String(code);
}

function mediaSource(item) {
  return `data:${item.mimeType};base64,${item.data}`;
}

function resourceContents(resource) {
  return h(
    'div',
    {},
    h('p', {}, `Resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}`),
    resource.text !== undefined
      ? h('pre', {}, resource.text)
      : h('p', {}, `${resource.blob?.length ?? 0} base64 characters of binary data`),
  );
}

/** One content block of a tool result or prompt message. */
export function contentBlock(item) {
  switch (item.type) {
    case 'text':
      return h('pre', {}, item.text);
    case 'image':
      return h('img', { src: mediaSource(item), alt: `Image (${item.mimeType})` });
    case 'audio':
      return h('audio', { controls: true, src: mediaSource(item), 'aria-label': `Audio (${item.mimeType})` });
    case 'resource':
      return resourceContents(item.resource);
    case 'resource_link':
      return h('p', {}, `Resource link ${item.uri}${item.name ? ` (${item.name})` : ''}`);
    default:
      return h('pre', {}, json(item));
  }
}

/** Whether the structured content fits the tool's output schema, as the inspector checked it. */
function outputVerdict(check) {
  if (!check) return '';
  return check.valid
    ? h('p', {}, 'Valid: it fits the output schema')
    : h('p', { className: 'error' }, `Invalid: ${check.reason}`);
}

/** A tool call's answer (`{ result, outputCheck }`): content blocks, then structured content and its check. */
export function toolResult({ result, outputCheck }) {
  return [
    result.isError ? h('p', { className: 'error' }, 'The tool reported an error') : '',
    (result.content ?? []).map(contentBlock),
    result.structuredContent !== undefined || outputCheck
      ? h(
          'section',
          { 'aria-label': 'Structured content' },
          h('h3', {}, 'Structured content'),
          outputVerdict(outputCheck),
          result.structuredContent !== undefined ? h('pre', {}, json(result.structuredContent)) : '',
        )
      : '',
  ];
}

function headerList(headers) {
  return h(
    'pre',
    {},
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  );
}

function messageSummary(message) {
  if (message.method) return `${message.method}${message.id !== undefined ? ` #${message.id}` : ''}`;
  if (message.error)
    return `error #${message.id}: ${errorName(message.error.code)}: ${message.error.message}`;
  return `result #${message.id}`;
}

/** One protocol event (`message` or `http`) as a list item. */
export function protocolEntry(event) {
  const arrow = event.direction === 'out' ? '->' : '<-';
  const time = event.ms !== undefined ? h('span', { className: 'ms' }, ` ${event.ms} ms`) : '';
  if (event.type === 'http') {
    const line =
      event.direction === 'out'
        ? `HTTP ${event.method} ${event.url}`
        : `HTTP ${event.status} for ${event.method} ${event.url}`;
    return h('li', {}, h('span', { className: 'dir' }, arrow), line, time, headerList(event.headers));
  }
  const { message } = event;
  return h(
    'li',
    { className: message.error ? 'error' : undefined },
    h('span', { className: 'dir' }, arrow),
    messageSummary(message),
    time,
    h('details', {}, h('summary', {}, 'JSON'), h('pre', {}, json(message))),
  );
}
