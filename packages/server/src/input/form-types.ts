/** Type-level reading of an elicitation form schema, so the answer is typed by the question. */

/** A property of a form, as written (readonly arrays allowed, so `as const` and `const` generics work). */
export type FormField =
  | {
      type: 'string';
      title?: string;
      description?: string;
      minLength?: number;
      maxLength?: number;
      format?: 'email' | 'uri' | 'date' | 'date-time';
      default?: string;
    }
  | {
      type: 'number' | 'integer';
      title?: string;
      description?: string;
      minimum?: number;
      maximum?: number;
      default?: number;
    }
  | { type: 'boolean'; title?: string; description?: string; default?: boolean }
  | {
      type: 'string';
      title?: string;
      description?: string;
      enum: readonly string[];
      enumNames?: readonly string[];
      default?: string;
    }
  | {
      type: 'string';
      title?: string;
      description?: string;
      oneOf: readonly { const: string; title: string }[];
      default?: string;
    }
  | {
      type: 'array';
      title?: string;
      description?: string;
      minItems?: number;
      maxItems?: number;
      items:
        | { type: 'string'; enum: readonly string[] }
        | { anyOf: readonly { const: string; title: string }[] };
      default?: readonly string[];
    };

/** The `requestedSchema` of a form-mode elicitation (P-91). */
export interface FormSchema {
  $schema?: string;
  type: 'object';
  properties: Readonly<Record<string, FormField>>;
  required?: readonly string[];
}

type FieldValue<F> = F extends { type: 'array'; items: { enum: readonly (infer E)[] } }
  ? E[]
  : F extends { type: 'array'; items: { anyOf: readonly { const: infer C }[] } }
    ? C[]
    : F extends { enum: readonly (infer E)[] }
      ? E
      : F extends { oneOf: readonly { const: infer C }[] }
        ? C
        : F extends { type: 'string' }
          ? string
          : F extends { type: 'number' | 'integer' }
            ? number
            : F extends { type: 'boolean' }
              ? boolean
              : unknown;

type RequiredKeys<S> = S extends { required: readonly (infer K)[] } ? K : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The `content` of an accepted answer to a form with schema `S`. */
export type FormContent<S> = S extends { properties: infer P }
  ? Simplify<
      { [K in keyof P & RequiredKeys<S>]: FieldValue<P[K]> } & {
        [K in Exclude<keyof P, RequiredKeys<S>>]?: FieldValue<P[K]>;
      }
    >
  : Record<string, string | number | boolean | string[]>;
