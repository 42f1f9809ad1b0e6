/**
 * Makes `instanceof cls` hold for instances of `cls` from every copy of this package loaded at
 * once (its ESM and CJS builds each define their own class): the check reads a registered-symbol
 * brand on the prototype instead of the prototype chain. Subclasses keep the ordinary check.
 * Returns the guard that reads the brand.
 */
export function brandClass(
  cls: abstract new (...args: never[]) => object,
  key: string,
): (value: unknown) => boolean {
  const brand = Symbol.for(key);
  Object.defineProperty(cls.prototype, brand, { value: true });
  const isBranded = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, value: unknown): boolean {
      return this === cls ? isBranded(value) : Function.prototype[Symbol.hasInstance].call(this, value);
    },
  });
  return isBranded;
}
