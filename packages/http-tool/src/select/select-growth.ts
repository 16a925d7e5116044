/**
 * How much larger than the body a `select` expression can make what it builds, estimated from its syntax tree before
 * it runs: `@ | [@,@] | [@,@] | ...` doubles with every stage, and twenty stages, a 200-character expression, would
 * hold the process for minutes and take gigabytes. The interpreter cannot be stopped once it runs, so such an
 * expression is refused before anything is sent.
 *
 * The estimate `g` bounds the size of a node's value as `g` times the size of what it is applied to (a literal counts
 * as one, its size bounded by the expression's). A field is at most its object (1); a pipe, a subexpression and a
 * projection apply their right side to each value of their left (the product); a multiselect is the sum of its
 * parts, except that parts led by different fields read disjoint parts of the object (`{id: id, title: title}` is at
 * most 1, `{a: a, b: a}` is 2); a function is the sum of its arguments, except those whose result can grow with a
 * value they are given: `map` (its expression times its array), `join` and `replace` (whose separator and
 * replacement must be literals), `split`, and `pad_left` / `pad_right` (whose width must be a literal).
 */

/** At most this growth is accepted: a selection picks parts of a body, it does not repeat it. */
export const maxSelectGrowth = 16;

/** The widest `pad_left` / `pad_right` accepted, in characters. */
export const maxSelectPadWidth = 10_000;

/** What makes an expression grow too much, in a sentence for the agent; `undefined` when it does not. */
export function selectGrowthProblem(tree: unknown): string | undefined {
  try {
    const growth = growthOf(tree as Node, { inProjection: false, variables: new Map() });
    if (growth > maxSelectGrowth)
      return `the expression can make its result ${growth > 1e6 ? "millions of" : Math.round(growth)} times larger than the body (it repeats @ or a field through pipes, multiselects or functions); at most ${maxSelectGrowth} times is accepted: select the parts you need once each`;
    return undefined;
  } catch (error) {
    if (error instanceof GrowthRefusal) return error.message;
    throw error;
  }
}

class GrowthRefusal extends Error {}

interface Node {
  readonly type?: string;
  readonly name?: string;
  readonly value?: unknown;
  readonly left?: Node;
  readonly right?: Node;
  readonly child?: Node;
  readonly condition?: Node;
  readonly expression?: Node;
  readonly children?: readonly Node[];
  readonly bindings?: readonly { readonly variable?: string; readonly reference: Node }[];
}

interface Scope {
  /** Inside the right side of a projection (or `map`'s expression): a `$variable` there repeats its value per item. */
  readonly inProjection: boolean;
  /** The growth of each `$variable` bound by an enclosing `let`. */
  readonly variables: ReadonlyMap<string, number>;
}

const inProjection = (scope: Scope): Scope => ({ ...scope, inProjection: true });

/** The field a node reads first from the value it is applied to (`items` of `items[].id`), if any. */
function leadingField(node: Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.type === "Field") return node.name;
  if (
    node.type === "Subexpression" ||
    node.type === "Projection" ||
    node.type === "ValueProjection" ||
    node.type === "FilterProjection" ||
    node.type === "IndexExpression"
  )
    return leadingField(node.left);
  if (node.type === "Flatten") return leadingField(node.child);
  return undefined;
}

/** A multiselect's parts: those led by different fields read disjoint parts, the others count in full. */
function multiselectGrowth(parts: readonly Node[], scope: Scope): number {
  const byField = new Map<string, number>();
  let others = 0;
  for (const part of parts) {
    const growth = growthOf(part, scope);
    const field = leadingField(part);
    if (field === undefined) others += growth;
    else byField.set(field, (byField.get(field) ?? 0) + growth);
  }
  return Math.max(0, ...byField.values()) + others;
}

/** The literal string a function is given as `what`, or a refusal that says to write one. */
function literalString(name: string | undefined, arg: Node | undefined, what: string, example: string): string {
  if (arg?.type === "Literal" && typeof arg.value === "string") return arg.value;
  throw new GrowthRefusal(`${name ?? ""}() takes a literal ${what} here (a string in quotes), as in ${example}`);
}

function functionGrowth(node: Node, scope: Scope): number {
  const args = node.children ?? [];
  const growths = args.map((arg) =>
    arg.type === "ExpressionReference"
      ? growthOf(arg.child, node.name === "map" ? inProjection(scope) : scope)
      : growthOf(arg, scope),
  );
  const sum = growths.reduce((total, growth) => total + growth, 0);
  switch (node.name) {
    case "map":
      // Its expression applied to every item of its array.
      return (growths[0] ?? 1) * (growths[1] ?? 1);
    case "join":
      // The separator between every two items: one read from the body would repeat it once per item.
      literalString(node.name, args[0], "separator", "join(', ', items[].name)");
      return 2 * (growths[1] ?? 1);
    case "replace": {
      // The replacement at every match; an empty search string matches between every two characters.
      const search = args[1]?.type === "Literal" && typeof args[1].value === "string" ? args[1].value : "";
      const replacement = literalString(node.name, args[2], "replacement", "replace(title, '-', ' ')");
      return (growths[0] ?? 1) * Math.max(1, (replacement.length + 1) / Math.max(1, search.length));
    }
    case "split":
      // Every piece a JSON string of its own: quotes and a comma each.
      return 4 * (growths[0] ?? 1);
    case "pad_left":
    case "pad_right": {
      const width = args[1];
      if (width?.type !== "Literal" || typeof width.value !== "number" || width.value > maxSelectPadWidth)
        throw new GrowthRefusal(
          `${node.name}() takes a literal width of at most ${maxSelectPadWidth} characters here, such as ${node.name}(id, \`8\`)`,
        );
      return sum;
    }
    default:
      return sum;
  }
}

function growthOf(node: Node | undefined, scope: Scope): number {
  if (node === undefined) return 1;
  switch (node.type) {
    case "Current":
    case "Identity":
    case "Field":
    case "Literal":
    case "Index":
    case "Slice":
      return 1;
    case "Pipe":
    case "Subexpression":
    case "IndexExpression":
      return growthOf(node.left, scope) * growthOf(node.right, scope);
    case "Projection":
    case "ValueProjection":
      return growthOf(node.left, scope) * growthOf(node.right, inProjection(scope));
    case "FilterProjection": {
      const left = growthOf(node.left, scope);
      // The condition's value is dropped, but it is built for every item.
      const condition = growthOf(node.condition, inProjection(scope));
      return left * Math.max(growthOf(node.right, inProjection(scope)), condition);
    }
    case "Flatten":
    case "NotExpression":
    case "ExpressionReference":
      return growthOf(node.child, scope);
    case "MultiSelectList":
      return multiselectGrowth(node.children ?? [], scope);
    case "MultiSelectHash":
      return multiselectGrowth(
        (node.children ?? []).map((pair) => (pair as { value: Node }).value),
        scope,
      );
    case "OrExpression":
    case "AndExpression":
      return Math.max(growthOf(node.left, scope), growthOf(node.right, scope));
    case "Comparator":
    case "Arithmetic": {
      // A boolean or a number: what it compares is read, not repeated in the result.
      const operands = { ...scope, inProjection: false };
      return Math.max(growthOf(node.left, operands), growthOf(node.right, operands));
    }
    case "Function":
      return functionGrowth(node, scope);
    case "LetExpression": {
      const variables = new Map(scope.variables);
      for (const binding of node.bindings ?? [])
        variables.set(binding.variable ?? "", growthOf(binding.reference, scope));
      return growthOf(node.expression, { ...scope, variables });
    }
    case "Variable":
      if (scope.inProjection)
        throw new GrowthRefusal(
          `$${node.name ?? ""} inside a projection repeats its whole value for every item; select it once, outside the projection`,
        );
      return scope.variables.get(node.name ?? "") ?? 1;
    default: {
      // A node this estimate does not know: the sum of what it holds, as a multiselect would be.
      const parts = [node.left, node.right, node.child, node.condition, node.expression, ...(node.children ?? [])];
      return parts.reduce((total, part) => total + (part === undefined ? 0 : growthOf(part, scope)), 0) || 1;
    }
  }
}
