/** `value`, once the hook of `helper` has set it; before that (used outside a test or hook) an error naming `what`. */
export function started<Value>(helper: string, what: string, value: Value | undefined): Value {
  if (value === undefined) throw new Error(`${helper}: the ${what} is used outside a test or hook`);
  return value;
}
