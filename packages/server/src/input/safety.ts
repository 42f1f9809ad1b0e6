import type { InputRequest } from '@mcpkit/protocol';

/** Form fields whose names say they hold a secret: those belong in URL mode (S-73). */
const SECRET_FIELD =
  /(^|[_\-\s.])(pass(word|wd|phrase)?|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|card[_-]?number|credit[_-]?card|cvv|cvc|ssn|pin)$/i;

/** URL query or fragment parameters that would make a link pre-authenticated (S-75). */
const CREDENTIAL_PARAM =
  /^(access[_-]?token|id[_-]?token|refresh[_-]?token|token|api[_-]?key|apikey|key|password|secret|session|sig|signature|auth|authorization|code)$/i;

function urlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `URL elicitation needs an absolute URL, not ${JSON.stringify(text)}`; // S-74
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return `URL elicitation must use https: ${url.protocol}`; // S-75
  }
  if (url.username !== '' || url.password !== '')
    return 'URL elicitation must not carry credentials in the URL'; // S-75
  const fragment = new URLSearchParams(url.hash.slice(1));
  for (const name of [...url.searchParams.keys(), ...fragment.keys()]) {
    if (CREDENTIAL_PARAM.test(name)) {
      return `URL elicitation must not be pre-authenticated: parameter ${JSON.stringify(name)}`; // S-75
    }
  }
  return undefined;
}

/**
 * Why this server must not send `request`, or `undefined` when it may: a form-mode elicitation
 * asking for a secret (S-73), a URL-mode elicitation whose URL is not an absolute https URL or
 * carries credentials (S-74, S-75). These are mistakes in the server's code, not the client's.
 */
export function inputRequestProblem(request: InputRequest): string | undefined {
  if (request.method !== 'elicitation/create') return undefined;
  const params = request.params;
  if (params.mode === 'url') return urlProblem(params.url);
  for (const name of Object.keys(params.requestedSchema.properties)) {
    if (SECRET_FIELD.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2'))) {
      return `Form-mode elicitation must not ask for secrets such as ${JSON.stringify(name)}; use URL mode`; // S-73
    }
  }
  return undefined;
}
