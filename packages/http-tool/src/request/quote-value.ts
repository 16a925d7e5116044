const maxQuotedLength = 120;

/**
 * A value shown in an error message: JSON-quoted (so control characters are
 * visible) and shortened past 120 characters. Only for agent-supplied values,
 * never for secrets.
 */
export function quoteValue(value: string): string {
  return JSON.stringify(value.length > maxQuotedLength ? `${value.slice(0, maxQuotedLength)}...` : value);
}
