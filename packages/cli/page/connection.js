// The connection form in the header: the transport and era to reconnect with (the server is fixed).
import { post } from './api.js';
import { h } from './dom.js';

const TRANSPORTS = { http: 'Streamable HTTP', sse: 'HTTP+SSE (2025)' };
const ERAS = ['auto', '2026-07-28', '2025-11-25'];

function select(label, options) {
  return h(
    'label',
    {},
    `${label} `,
    h(
      'select',
      { name: label.toLowerCase() },
      options.map(([value, text]) => h('option', { value }, text)),
    ),
  );
}

/** The form; the outcome of its Reconnect arrives as a `status` event. */
export function connectionForm() {
  const form = h(
    'form',
    { 'aria-label': 'Connection' },
    select('Transport', [['stdio', 'stdio']]),
    select(
      'Era',
      ERAS.map((era) => [era, era]),
    ),
    h('button', { type: 'submit' }, 'Reconnect'),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { transport, era } = form.elements;
    const choice = { era: era.value, ...(transport.disabled ? {} : { transport: transport.value }) };
    await post('reconnect', choice);
  });
  return form;
}

/** Sets the form to the inspector's connection (from its `hello`): stdio has no transport to choose. */
export function showConnection(form, { kind, transport, era }) {
  const { transport: transports, era: eras } = form.elements;
  form.kind = kind;
  if (kind === 'http') {
    transports.replaceChildren(
      ...Object.entries(TRANSPORTS).map(([value, text]) => h('option', { value }, text)),
    );
    transports.value = transport;
  }
  transports.disabled = kind !== 'http';
  eras.value = era;
}
