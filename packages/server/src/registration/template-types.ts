/** Type-level reading of RFC 6570 templates, so template handlers get typed variables. */

type Operator = '+' | '#' | '.' | '/' | ';' | '?' | '&';

type Expression<E extends string> = E extends `${infer C}${infer Rest}`
  ? C extends Operator
    ? { op: C; list: Rest }
    : { op: ''; list: E }
  : { op: ''; list: E };

/** Simple and reserved expansion always match a value; the other operators may be absent. */
type Present<Op, T> = Op extends '' | '+' ? T : T | undefined;

type Variable<Op, V extends string> = V extends `${infer N}*`
  ? { name: N; value: Present<Op, string[]> }
  : V extends `${infer N}:${string}`
    ? { name: N; value: Present<Op, string> }
    : { name: V; value: Present<Op, string> };

type Variables<Op, L extends string> = L extends `${infer A},${infer B}`
  ? Variable<Op, A> | Variables<Op, B>
  : Variable<Op, L>;

type Entries<T extends string> = T extends `${string}{${infer E}}${infer Rest}`
  ?
      | (Expression<E> extends { op: infer Op; list: infer L extends string } ? Variables<Op, L> : never)
      | Entries<Rest>
  : never;

/**
 * The variables a template handler receives: `'users/{id}{?fields*}'` gives
 * `{ id: string; fields: string[] | undefined }`.
 */
export type TemplateVariables<T extends string> = string extends T
  ? Record<string, string | string[] | undefined>
  : { [E in Entries<T> as E['name']]: E['value'] };

/** The variable names of a template. */
export type TemplateVariableName<T extends string> = string extends T ? string : Entries<T>['name'];
