import { parseSourceInput, slugify, type SourceRecord } from "@src/config";
import { SourceImportError, type SourceImportProblem } from "../errors/source-import-error";
import type { SourceService } from "./source-service";

/** The `format` marker of an export document. */
export const SOURCE_EXPORT_FORMAT = "src.sources";
/** The version of the export document's shape. */
export const SOURCE_EXPORT_VERSION = 1;

/** One source in an export: the operator fields of its `config.json`, never a credential, id, timestamps or status. */
export interface ExportedSource {
  type: "api";
  name: string;
  slug: string;
  enabled: boolean;
  api: SourceRecord["api"];
}

/** What `src source export` prints and `src source import` reads. */
export interface SourceExportDocument {
  format: typeof SOURCE_EXPORT_FORMAT;
  version: typeof SOURCE_EXPORT_VERSION;
  exportedAt: string;
  sources: ExportedSource[];
}

/** The outcome of `exportSources`: the document, and the broken `config.json` files left out (named, with their error). */
export interface SourceExportResult {
  document: SourceExportDocument;
  skipped: { slug: string; file: string; error: string }[];
}

const exportedOf = (record: SourceRecord): ExportedSource => ({
  type: record.type,
  name: record.name,
  slug: record.slug,
  enabled: record.enabled,
  api: record.api,
});

/**
 * The operator fields of `slugs` (default: every source, sorted by slug), for
 * another home. A named slug that is missing or broken throws; without slugs,
 * a broken `config.json` is left out and listed in `skipped`.
 */
export async function exportSources(
  service: SourceService,
  slugs: readonly string[] = [],
): Promise<SourceExportResult> {
  const sources: ExportedSource[] = [];
  const skipped: SourceExportResult["skipped"] = [];
  if (slugs.length > 0) {
    for (const slug of slugs) sources.push(exportedOf(await service.store.get(slug)));
  } else {
    for (const entry of await service.store.list()) {
      if (entry.ok) sources.push(exportedOf(entry.record));
      else skipped.push({ slug: entry.slug, file: entry.file, error: entry.error.message });
    }
  }
  return {
    document: {
      format: SOURCE_EXPORT_FORMAT,
      version: SOURCE_EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      sources,
    },
    skipped,
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every problem of the document against this home, without writing anything. */
async function findProblems(
  service: SourceService,
  document: unknown,
): Promise<{ problems: SourceImportProblem[]; records: Record<string, unknown>[] }> {
  const problems: SourceImportProblem[] = [];
  if (!isPlainObject(document))
    return {
      problems: [{ path: "(file)", message: "must be a JSON object as `src source export` prints it" }],
      records: [],
    };
  if (document.format !== SOURCE_EXPORT_FORMAT)
    problems.push({
      path: "format",
      message: `must be "${SOURCE_EXPORT_FORMAT}"; make the file with \`src source export\``,
    });
  if (document.version !== SOURCE_EXPORT_VERSION)
    problems.push({
      path: "version",
      message: `must be ${SOURCE_EXPORT_VERSION}; this version of src reads only that`,
    });
  if (!Array.isArray(document.sources)) {
    problems.push({ path: "sources", message: "must be a list of sources" });
    return { problems, records: [] };
  }
  const existing = new Set((await service.store.list()).map((entry) => entry.slug));
  const seen = new Map<string, number>();
  const records: Record<string, unknown>[] = [];
  (document.sources as unknown[]).forEach((value, index) => {
    const at = `sources[${index}]`;
    if (!isPlainObject(value)) {
      problems.push({ path: at, message: "must be an object with type, name, slug, enabled and api" });
      return;
    }
    try {
      const parsed = parseSourceInput(value, { registry: service.registry });
      const slug = parsed.slug ?? slugify(parsed.name);
      const first = seen.get(slug);
      if (first !== undefined)
        problems.push({ path: `${at}.slug`, message: `"${slug}" is also sources[${first}]; each slug once` });
      else seen.set(slug, index);
      if (existing.has(slug))
        problems.push({
          path: `${at}.slug`,
          message: `a source "${slug}" already exists in this home; remove it first (\`src source remove ${slug}\`) or change the slug in the file`,
        });
      records.push({ ...value, slug });
    } catch (error) {
      const issues = (error as { issues?: readonly SourceImportProblem[] }).issues;
      if (issues === undefined) problems.push({ path: at, message: (error as Error).message });
      else for (const issue of issues) problems.push({ path: `${at}.${issue.path}`, message: issue.message });
    }
  });
  return { problems, records };
}

/**
 * Creates every source of an export document in this home, as `untested` and
 * without a credential. Every record is checked first (shape, auth type and
 * its fields, slugs unique in the file and new in this home); any problem
 * throws `SourceImportError` listing them all, and nothing is written. A write
 * that fails part-way removes the sources this call created.
 */
export async function importSources(
  service: SourceService,
  document: unknown,
  { origin = "the import" }: { origin?: string } = {},
): Promise<SourceRecord[]> {
  const { problems, records } = await findProblems(service, document);
  if (problems.length > 0) throw new SourceImportError({ problems, origin });
  const created: SourceRecord[] = [];
  try {
    for (const record of records) created.push((await service.addSource({ input: record, test: false })).source);
  } catch (error) {
    for (const source of created.reverse()) await service.removeSource(source.slug).catch(() => undefined);
    throw error;
  }
  return created;
}
