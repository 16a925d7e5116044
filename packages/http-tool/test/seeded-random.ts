/**
 * A small deterministic generator (a linear congruential one), so that a generated case that fails is the same on the
 * next run: each call gives a whole number from 0 to below `below`.
 */
export function seededRandom(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}
