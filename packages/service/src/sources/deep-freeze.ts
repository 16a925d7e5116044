/**
 * Freezes `value` and everything it holds, so a listing kept in memory and
 * handed to many callers cannot be changed by one of them (a change throws
 * in strict-mode code instead of silently reaching the next caller).
 */
export function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
