import { copyFile, stat } from "node:fs/promises";
import { basename, extname, isAbsolute, join, relative, resolve } from "node:path";
import type { AnyAuthPluginV2, AuthRuntime } from "@src/auth";
import type { OpenApiStatus, SourceRecord, SourceStore } from "@src/config";
import { writeFileAtomic } from "@src/file-lock";
import { rulesNamingNothing } from "@src/http-tool";
import type { OperationCatalog } from "@src/openapi";
import { fetchOpenApiDocument } from "./fetch-openapi-document";

/** The file in a source's folder that holds the document fetched from `api.openapi`'s URL (JSON or YAML). */
export const FETCHED_DOCUMENT_FILE = "openapi-fetched";

const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/** A source's document as its calls find it: the catalog, or why there is none. */
export type DocumentCatalog = { catalog: OperationCatalog } | { problem: string };

/** What the service does with sources' OpenAPI documents. */
export interface SourceDocuments {
  /** The absolute path of the document a source's calls use, or `undefined` when it has none. */
  documentFileOf(source: SourceRecord): string | undefined;
  /**
   * The catalog of the source's document, or `undefined` (no document, or one
   * that cannot be loaded: `status.openapi` says why). Read once per version
   * of the file (modification time and size), from the index cached next to it.
   */
  catalogFor(source: SourceRecord): Promise<OperationCatalog | undefined>;
  /**
   * The same, saying why when the source has a document (`api.openapi`) that cannot be used now: its file is
   * missing (deleted, or never copied, as after `source import`) or does not load. `undefined`: no document.
   */
  loadCatalog(source: SourceRecord): Promise<DocumentCatalog | undefined>;
  /**
   * At add, reload and edit: fetches a URL document (with the credential only
   * on the source's origin) or copies a file from outside the source's folder
   * into it, builds the index, and records `status.openapi` (with the policy's `operation:`/`tag:` rules that name
   * nothing in the document, `rulesNamingNothing`). Never throws for
   * the document: a bad one is recorded, and the source's calls answer as
   * `api.openapiValidation` says (`strict`: refused; `warn`: sent with a warning).
   */
  refresh(
    source: SourceRecord,
    access: {
      plugin: AnyAuthPluginV2;
      credential: Record<string, unknown> | undefined;
      auth?: AuthRuntime | undefined;
    },
  ): Promise<SourceRecord>;
}

/** The service's sources' documents, in `store`'s folders. */
export function createSourceDocuments({
  store,
  fetch,
}: {
  store: SourceStore;
  fetch?: typeof globalThis.fetch | undefined;
}): SourceDocuments {
  const documentFileOf = (source: SourceRecord): string | undefined => {
    const location = source.api.openapi;
    if (location === undefined) return undefined;
    const directory = store.directoryOf(source.slug);
    if (isUrl(location)) return join(directory, FETCHED_DOCUMENT_FILE);
    return resolve(directory, location);
  };

  const loaded = new Map<string, { signature: string; catalog: Promise<DocumentCatalog> }>();

  async function loadCatalog(source: SourceRecord): Promise<DocumentCatalog | undefined> {
    const file = documentFileOf(source);
    if (file === undefined) return undefined;
    let signature: string;
    try {
      const info = await stat(file);
      signature = `${info.mtimeMs}:${info.size}:${info.ino}`;
    } catch {
      return {
        problem: isUrl(source.api.openapi!)
          ? `the copy of ${source.api.openapi} was never fetched into the source's folder (or was deleted)`
          : `its file ${JSON.stringify(source.api.openapi)} is missing from the source's folder`,
      };
    }
    const known = loaded.get(file);
    if (known?.signature === signature) return known.catalog;
    // Loaded on first use: a process whose sources have no document never loads the parser, ajv or the search library.
    const catalog = import("@src/openapi").then(({ createOperationCatalog, readOperationIndex }) =>
      readOperationIndex({ documentFile: file, name: source.api.openapi }).then(
        (index): DocumentCatalog => ({ catalog: createOperationCatalog(index) }),
        (error: unknown): DocumentCatalog => ({ problem: (error as Error).message }),
      ),
    );
    if (loaded.size >= 1024) loaded.clear();
    loaded.set(file, { signature, catalog });
    return catalog;
  }

  async function catalogFor(source: SourceRecord): Promise<OperationCatalog | undefined> {
    const outcome = await loadCatalog(source);
    return outcome !== undefined && "catalog" in outcome ? outcome.catalog : undefined;
  }

  async function refresh(
    source: SourceRecord,
    access: {
      plugin: AnyAuthPluginV2;
      credential: Record<string, unknown> | undefined;
      auth?: AuthRuntime | undefined;
    },
  ): Promise<SourceRecord> {
    let location = source.api.openapi;
    if (location === undefined) {
      return source.status.openapi === undefined ? source : store.setStatus(source.slug, { openapi: undefined });
    }
    const checkedAt = new Date().toISOString();
    const directory = store.directoryOf(source.slug);
    let current = source;
    let status: OpenApiStatus;
    try {
      if (isUrl(location)) {
        const text = await fetchOpenApiDocument({
          url: location,
          source,
          plugin: access.plugin,
          credential: access.credential,
          auth: access.auth,
          fetch,
        });
        await writeFileAtomic(join(directory, FETCHED_DOCUMENT_FILE), text);
      } else if (isAbsolute(location) && relative(directory, location).startsWith("..")) {
        // A file from elsewhere is copied into the source's folder, so the source does not depend on it.
        const name = `openapi${extname(location) || ".json"}`;
        await copyFile(location, join(directory, name));
        current = await store.update(source.slug, { api: { openapi: name } });
        location = name;
      }
      const { createOperationCatalog, readOperationIndex } = await import("@src/openapi");
      const index = await readOperationIndex({
        documentFile: resolve(directory, isUrl(location) ? FETCHED_DOCUMENT_FILE : location),
        name: isUrl(location) ? location : basename(location),
      });
      const unnamed = rulesNamingNothing(current.api.policy, createOperationCatalog(index), current.slug);
      status = {
        loaded: true,
        title: index.title,
        version: index.version,
        operations: index.operations.length,
        error: null,
        checkedAt,
        ...(unnamed.length === 0
          ? {}
          : { rulesNamingNothing: unnamed.map(({ path, rule, message }) => ({ path, rule, message })) }),
      };
    } catch (error) {
      status = { loaded: false, error: (error as Error).message, checkedAt };
    }
    return store.setStatus(current.slug, { openapi: status });
  }

  return { documentFileOf, catalogFor, loadCatalog, refresh };
}
