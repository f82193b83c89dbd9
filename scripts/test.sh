#!/usr/bin/env bash
# `npm test`: lint, types, unit, integration (fresh embedded PostgreSQL) and
# end-to-end tests (production build in Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bin=node_modules/.bin

# What npm does not install: Debian's Chromium (end-to-end tests) and Redis (the shared rate-limit store tests).
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing Debian's ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

rm -rf test-results
mkdir -p test-results .data

echo "== lint"
"$bin/eslint" . --max-warnings=0
echo "== types"
"$bin/tsc" --noEmit
for project in unit integration e2e; do
  echo "== $project tests"
  "$bin/vitest" run --project "$project" --reporter=default --reporter=json --outputFile="test-results/$project.json"
done

node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync("test-results").filter((n) => n.endsWith(".json"))) {
  const r = JSON.parse(fs.readFileSync("test-results/" + f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
'
