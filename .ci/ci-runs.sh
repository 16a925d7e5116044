# The test runs of .ci/run and its closing summary, as functions a test can call with a stub app (tooling/ci).
# Sourced, not run. Every function returns a status instead of exiting, so one failing run never stops the others
# (.ci/run runs under `set -euo pipefail`, where a failing pipeline would otherwise end the script at once).

# ci_run_logged LOG COMMAND...: runs COMMAND, its output shown and appended to LOG; returns COMMAND's status.
ci_run_logged() {
  local log=$1 status=0
  shift
  "$@" 2>&1 | tee -a "$log" || status=$?
  return "$status"
}

# ci_run_app_tests LOG NODE_BIN LABEL APP_DIR COMMAND...: runs COMMAND in APP_DIR with NODE_BIN's folder first in
# PATH; each line gets the prefix "LABEL:test: " (turbo's form, so ci_summary counts it like the others).
ci_run_app_tests() {
  local log=$1 node_bin=$2 label=$3 app_dir=$4 status=0
  shift 4
  echo "ci: $label tests on Node $("$node_bin" -v)" | tee -a "$log"
  (cd "$app_dir" && PATH="$(dirname "$node_bin"):$PATH" "$@" 2>&1) |
    sed -u "s|^|$label:test: |" | tee -a "$log" || status=$?
  return "$status"
}

# ci_extra_node_runs LOG "VERSIONS" "APP_DIRS" COMMAND...: every app's tests again on every Node version (fetched
# from the npm registry with `npx node@N`). Every run goes to its end whatever the others did; returns 1 if any failed.
ci_extra_node_runs() {
  local log=$1 versions=$2 app_dirs=$3 status=0 version node_bin app_dir
  shift 3
  for version in $versions; do
    node_bin=$(npx -y "node@$version" -p process.execPath 2>/dev/null) || {
      echo "ci: could not fetch Node $version from the npm registry" | tee -a "$log"
      status=1
      continue
    }
    for app_dir in $app_dirs; do
      ci_run_app_tests "$log" "$node_bin" "@src/$(basename "$app_dir")@node$version" "$app_dir" "$@" || status=1
    done
  done
  return "$status"
}

# ci_main MAIN_COMMAND "VERSIONS" "APP_DIRS" APP_COMMAND: what .ci/run does after installing. MAIN_COMMAND (the
# README's test command), then APP_COMMAND in every app on every extra Node version, then the summary. Called at the
# top level under `set -euo pipefail`, as .ci/run and its test do, so a run that ended the script early would show.
ci_main() {
  local main_command=$1 versions=$2 app_dirs=$3 app_command=$4 log status=0
  log=$(mktemp)
  ci_run_logged "$log" bash -c "$main_command" || status=1
  # The apps' tests run the built binaries (built by MAIN_COMMAND) as child processes of the Node in PATH.
  ci_extra_node_runs "$log" "$versions" "$app_dirs" bash -c "$app_command" || status=1
  # Named at the end, where a reader of the log's tail sees them.
  ci_summary "$log"
  rm -f "$log"
  return "$status"
}

# ci_summary LOG: the name of every failed and every flaky test, then one line counting the tests of all runs.
ci_summary() {
  local plain
  plain=$(sed 's/\x1b\[[0-9;]*m//g' "$1")
  # vitest prints "FAIL  file > test" (or "× file > test") for a failed test.
  grep -E '^[^ ]*:test: +(FAIL|×) ' <<<"$plain" | sort -u | sed 's/^/ci: failed: /' || true
  # A test that failed once and passed on its retry (the shared vitest preset retries once): flaky, to be fixed.
  grep -E '^[^ ]*:test: RETRIED ' <<<"$plain" | sort -u | sed 's/^/ci: flaky: /' || true
  # The tests of each file run shuffled (the shared preset): the seed of a package run with a failure repeats its order.
  grep -E '^[^ ]*:test: TEST ORDER: ' <<<"$plain" | sort -u | sed 's/^/ci: /' || true
  # vitest prints "Tests  N passed (N)" or "Tests  F failed | N passed (T)" per package and run.
  awk '
    /^[^ ]*:test: +Tests +/ {
      for (i = 1; i <= NF; i++) {
        if ($i == "passed" || $i ~ /^passed/) passed += $(i - 1)
        if ($i == "failed" || $i ~ /^failed/) failed += $(i - 1)
        if ($i == "skipped" || $i ~ /^skipped/) skipped += $(i - 1)
      }
    }
    END { printf "%d passed, %d failed, %d skipped\n", passed, failed, skipped }' <<<"$plain"
}
