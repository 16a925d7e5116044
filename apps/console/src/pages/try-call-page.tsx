import { useEffect, useState } from "preact/hooks";
import type { ApiToolCall, ToolResult } from "../api/console-types";
import { useApi } from "../components/api-context";
import { ErrorNotice } from "../components/error-notice";
import { useLoad } from "../components/use-load";
import { ToolResultView } from "../components/tool-result-view";
import { CallBodyFields, emptyCallBody, type CallBodyValues } from "../components/call-body-fields";
import { QueryRowsFields, type QueryRow } from "../components/query-rows-fields";
import {
  emptyOperationsCall,
  OperationsCallFields,
  operationsCallOf,
  type OperationsCallValues,
} from "../components/operations-call-fields";

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/**
 * Exactly what an agent's call runs: for `api_<slug>`, method, path, query rows, JSON or raw body; for
 * `api_<slug>_operations` (read-only), its own search form.
 */
export function TryCallPage({ tool: initialTool }: { tool: string | undefined }) {
  const { api, onUnauthorized } = useApi();
  const tools = useLoad((loader) => loader.client.tools.list(), []);
  const [tool, setTool] = useState(initialTool ?? "");
  const [method, setMethod] = useState("GET");
  const [path, setPath] = useState("/");
  const [rows, setRows] = useState<QueryRow[]>([]);
  const [body, setBody] = useState<CallBodyValues>(emptyCallBody);
  const [bodyProblem, setBodyProblem] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<ToolResult | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [operationsCall, setOperationsCall] = useState<OperationsCallValues>(emptyOperationsCall);
  // `api_<slug>_operations` has its own form; a read-only call tool (a read-only policy) is still a call tool.
  const searching = tools.data?.tools.find((item) => item.name === tool)?.kind === "operations";

  useEffect(() => {
    if (tool === "" && tools.data?.tools[0] !== undefined) setTool(initialTool ?? tools.data.tools[0].name);
  }, [tools.data, tool, initialTool]);

  const send = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBodyProblem(undefined);
    if (searching) {
      await run(operationsCallOf(operationsCall));
      return;
    }
    const call: ApiToolCall = { method, path };
    const query = rows.filter((row) => row.name.trim() !== "");
    if (query.length > 0) call.query = Object.fromEntries(query.map((row) => [row.name.trim(), row.value]));
    if (body.mode === "json") {
      try {
        call.body = JSON.parse(body.json) as unknown;
      } catch (error) {
        setBodyProblem(`The JSON body does not parse: ${(error as Error).message}. Fix it, or choose a raw body.`);
        return;
      }
    } else if (body.mode === "raw") {
      call._rawBody = body.raw;
      call._contentType = body.contentType;
    }
    await run(call);
  };

  async function run(call: Parameters<typeof api.client.tools.call>[1]): Promise<void> {
    setBusy(true);
    setFailure(undefined);
    setResult(undefined);
    try {
      setResult(await api.client.tools.call(tool, call));
    } catch (error) {
      if (!onUnauthorized(error)) setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Try a call</h1>
      <p>Runs exactly what an agent's call runs, with the stored credential (never shown).</p>
      <ErrorNotice error={tools.error} title="Could not list the tools" />
      <form class="call-form" onSubmit={(event) => void send(event)}>
        <div class="row">
          <div class="field">
            <label for="call-tool">Tool</label>
            <select id="call-tool" required value={tool} onChange={(event) => setTool(event.currentTarget.value)}>
              {(tools.data?.tools ?? []).map((item) => (
                <option key={item.name} value={item.name}>
                  {item.name} ({item.sourceName})
                </option>
              ))}
              {tool !== "" && tools.data !== undefined && !tools.data.tools.some((item) => item.name === tool) ? (
                <option value={tool}>{tool}</option>
              ) : null}
            </select>
          </div>
        </div>
        {searching ? (
          <OperationsCallFields values={operationsCall} onChange={setOperationsCall} />
        ) : (
          <>
            <div class="row">
              <div class="field">
                <label for="call-method">Method</label>
                <select id="call-method" value={method} onChange={(event) => setMethod(event.currentTarget.value)}>
                  {methods.map((name) => (
                    <option key={name}>{name}</option>
                  ))}
                </select>
              </div>
              <div class="field grow">
                <label for="call-path">Path</label>
                <input
                  id="call-path"
                  type="text"
                  required
                  spellcheck={false}
                  autoComplete="off"
                  value={path}
                  onInput={(event) => setPath(event.currentTarget.value)}
                />
              </div>
            </div>
            <QueryRowsFields rows={rows} onChange={setRows} />
            <CallBodyFields values={body} problem={bodyProblem} onChange={setBody} />
          </>
        )}
        <button type="submit" disabled={busy || tool === ""}>
          {busy ? "Calling…" : "Send"}
        </button>
      </form>
      <ErrorNotice error={failure} title="The call was refused" />
      {result === undefined ? null : <ToolResultView result={result} />}
    </>
  );
}
