import type { SrcError, SrcErrorClass } from "./src-error";

/** A package's base error (or any `SrcError` class) as `declareError` extends it: built from one options object. */
type ErrorParent = abstract new (options: never) => SrcError;

/** What `declareError` is given. */
export interface DeclaredErrorOptions<Parent extends ErrorParent, Fields extends object> {
  /** The `Symbol.for` key of the new class, e.g. `src.config.error.SourceNotFoundError`; its last part is the error's `name`. */
  marker: string;
  /** One of the parent package's codes. */
  code: InstanceType<Parent>["code"];
  /** The message from the error's fields: what was wrong, where, and what to do next. Never a secret. */
  message: (fields: Fields) => string;
}

/** The class `declareError` makes: built from its fields (and a cause), which its errors carry. */
export interface DeclaredErrorClass<Parent extends ErrorParent, Fields extends object> {
  new (init: Fields & { cause?: unknown }): InstanceType<Parent> & Readonly<Fields>;
  readonly prototype: InstanceType<Parent>;
  readonly marker: string;
  isInstance<Class extends SrcErrorClass>(this: Class, error: unknown): error is InstanceType<Class>;
}

/**
 * Declares an error of a package from its parent, marker, code and a message
 * made of its fields: the fields are the constructor's one argument (with an
 * optional `cause`), are set on the error, and reach the parent too (a
 * `VaultError` takes its `file` from them). The whole class is one declaration,
 * so error files hold what differs (the marker, the code, the words) and nothing copied:
 *
 * ```ts
 * export class SourceNotFoundError extends declareError(ConfigError, {
 *   marker: "src.config.error.SourceNotFoundError",
 *   code: CONFIG_ERROR_CODES.SOURCE_NOT_FOUND,
 *   message: ({ slug }: { slug: string }) => `source "${slug}" not found; list the sources to see the configured slugs`,
 * }) {}
 * new SourceNotFoundError({ slug: "github" }).slug; // "github"
 * ```
 */
export function declareError<Parent extends ErrorParent, Fields extends object>(
  parent: Parent,
  { marker, code, message }: DeclaredErrorOptions<Parent, Fields>,
): DeclaredErrorClass<Parent, Fields> {
  const Base = parent as unknown as new (options: Record<string, unknown>) => SrcError;
  class DeclaredError extends Base {
    static readonly marker: string = marker;

    constructor({ cause, ...fields }: Fields & { cause?: unknown }) {
      super({ ...fields, code, message: message(fields as Fields), cause });
      Object.assign(this, fields);
    }
  }
  return DeclaredError as unknown as DeclaredErrorClass<Parent, Fields>;
}
