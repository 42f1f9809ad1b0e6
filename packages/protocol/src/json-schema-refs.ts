import { subschemas } from './json-schema-cost.js';
import { SchemaProblem } from './json-schema-run.js';
import { isRecord } from './json-schema-values.js';

/** The base URI of a schema without `$id`: a name that cannot be fetched, so no `$ref` reaches out of the schema. */
const DEFAULT_BASE = 'https://schema.invalid/root.json';

/**
 * Dynamic references resolve against the path validation took, which this validator does not
 * follow: a schema that uses one is refused (P-87, P-89).
 */
const UNSUPPORTED_KEYWORDS = ['$dynamicRef', '$recursiveRef'] as const;

function unresolved(ref: unknown): SchemaProblem {
  return new SchemaProblem(
    `$ref ${JSON.stringify(ref)} does not resolve inside the schema (external references are never fetched)`,
  );
}

/** `ref` resolved against `base`, split at `#`; undefined when it is not a URI reference. */
function resolveUri(ref: string, base: string): [resource: string, fragment: string] | undefined {
  try {
    const { href } = new URL(ref, base);
    const hash = href.indexOf('#');
    if (hash < 0) return [href, ''];
    return [href.slice(0, hash), decodeURIComponent(href.slice(hash + 1))];
  } catch {
    return undefined;
  }
}

/**
 * The targets of every `$ref` in a schema, found inside the schema only (never fetched): through the
 * base URIs that `$id` (draft-04: `id`) sets, JSON Pointer fragments, `$anchor` names (draft-07 and
 * draft-04: `$id`s that are only a fragment).
 */
export class SchemaRefs {
  /** Schema resources by absolute URI without fragment. */
  readonly #resources = new Map<string, unknown>();
  /** Anchored subschemas by absolute URI with their fragment. */
  readonly #anchors = new Map<string, unknown>();
  /** Each schema object holding a `$ref`, with the base URI the `$ref` resolves against. */
  readonly #pending: [Record<string, unknown>, string][] = [];
  readonly #targets = new Map<object, unknown>();
  readonly #walked = new Set<object>();
  readonly #idKeyword: string;
  readonly #anchorsByName: boolean;

  /** Walks `root`; throws a `SchemaProblem` for a dynamic reference or a `$ref` that does not resolve. */
  constructor(root: unknown, draft04: boolean, anchorsByName: boolean) {
    this.#idKeyword = draft04 ? 'id' : '$id';
    this.#anchorsByName = anchorsByName;
    this.#walk(root, DEFAULT_BASE, true);
    for (let next = this.#pending.pop(); next; next = this.#pending.pop()) this.#resolve(...next);
  }

  /** The schema `node.$ref` points at (`node` is a schema object of this schema that has a `$ref`). */
  targetOf(node: object): unknown {
    return this.#targets.get(node);
  }

  #walk(node: unknown, base: string, root: boolean): void {
    if (!isRecord(node) || this.#walked.has(node)) return;
    this.#walked.add(node);
    const id = node[this.#idKeyword];
    if (typeof id === 'string') {
      const uri = resolveUri(id, base);
      if (uri && uri[1] === '') {
        base = uri[0];
        this.#resources.set(base, node);
      } else if (uri) {
        this.#anchors.set(`${uri[0]}#${uri[1]}`, node);
      }
    }
    if (root) this.#resources.set(base, node);
    if (this.#anchorsByName && typeof node.$anchor === 'string')
      this.#anchors.set(`${base}#${node.$anchor}`, node);
    const keyword = UNSUPPORTED_KEYWORDS.find((name) => name in node);
    if (keyword) throw new SchemaProblem(`${keyword} is not supported (use $ref and $defs)`);
    if ('$ref' in node) this.#pending.push([node, base]);
    for (const child of subschemas(node, true)) this.#walk(child, base, false);
  }

  #resolve(node: Record<string, unknown>, base: string): void {
    const { $ref } = node;
    const uri = typeof $ref === 'string' ? resolveUri($ref, base) : undefined;
    if (!uri) throw unresolved($ref);
    const [resource, fragment] = uri;
    let target = this.#resources.get(resource);
    let targetBase = resource;
    if (fragment.startsWith('/')) {
      for (const token of fragment.slice(1).split('/')) {
        const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
        if (typeof target !== 'object' || target === null || !Object.hasOwn(target, key))
          throw unresolved($ref);
        target = (target as Record<string, unknown>)[key];
        const id = isRecord(target) ? target[this.#idKeyword] : undefined;
        const uri = typeof id === 'string' ? resolveUri(id, targetBase) : undefined;
        if (uri && uri[1] === '') targetBase = uri[0];
      }
    } else if (fragment !== '') {
      target = this.#anchors.get(`${resource}#${fragment}`);
    }
    if (typeof target !== 'boolean' && !isRecord(target)) throw unresolved($ref);
    this.#targets.set(node, target);
    // A pointer may lead where the walk did not go (under a keyword this validator does not know).
    this.#walk(target, targetBase, false);
  }
}
