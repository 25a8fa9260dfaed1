#!/usr/bin/env bash
# Serves meetsight with demo data on a scratch data dir, puts the key-adding proxy in front of
# it, and runs the MCP conformance suite (Node 22 and the suite's pinned version from this folder's
# package-lock.json) once per protocol revision: the scenarios each revision requires, at its wire.
# Usage: tools/conformance/run.sh [extra conformance options: --verbose, or --scenario NAME to run
# one scenario at each revision's wire instead of the revision's whole requirement set]
# (results in tools/conformance/results-2026-07-28 and results-2025-11-25; CONFORMANCE_RESULTS
# names another prefix, CONFORMANCE_REVISIONS other revisions). Exits 1 when a check fails that
# expected-failures-REVISION.yml does not list, or one it lists passes.
# CONFORMANCE_AUTH=oauth: the proxy sends an OAuth access token (obtained through sign-in, consent
# and a PKCE code exchange by oauth_token.py) instead of the API key.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-$root/.venv/bin/python}"
server_port="${SERVER_PORT:-8765}"
proxy_port="${PROXY_PORT:-8766}"
data="$(mktemp -d)"
cd "$here"
# npm ci: exactly the versions in package-lock.json (the suite's `latest` tag is an older line);
# again when node_modules holds another version than the one pinned
pinned() { sed -n 's/.*"version": "\(.*\)".*/\1/p' "$1" 2>/dev/null | head -1; }
[ "$(pinned node_modules/@modelcontextprotocol/conformance/package.json)" = \
  "$(grep -o '"@modelcontextprotocol/conformance": "[^"]*"' package.json | cut -d'"' -f4)" ] ||
  npm ci --no-audit --no-fund
# rate limits off for this instance only: the suite sends its scenarios back to back
export MEETSIGHT_DATA_DIR="$data" MEETSIGHT_WORKERS=0 MEETSIGHT_RATE_LIMITS_ENABLED=false
json_field() { "$python" -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
"$python" -m meetsight.cli migrate >/dev/null
if demo="$("$python" -m meetsight.cli demo --json 2>"$data/demo.log")"; then
  key="$(echo "$demo" | json_field api_key)"
  org="$(echo "$demo" | json_field org_id)"
else  # no demo data in this build: an empty organization is enough for the protocol checks
  echo "demo seeding failed (see below); running against an empty organization" >&2
  tail -1 "$data/demo.log" >&2
  org="$("$python" -m meetsight.cli org create Conformance --json | json_field id)"
  key="$("$python" -m meetsight.cli apikey create --org "$org" --name conformance --json | json_field key)"
fi
"$python" -m meetsight.cli serve --port "$server_port" --no-worker >"$data/serve.log" 2>&1 &
server_pid=$!
trap 'kill $server_pid ${proxy_pid:-} 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$server_port/healthz" >/dev/null && break
  sleep 0.2
done
credential=(MEETSIGHT_API_KEY="$key")
if [ "${CONFORMANCE_AUTH:-}" = oauth ]; then
  password="$("$python" -c 'import secrets; print(secrets.token_urlsafe(16))')"
  echo "$password" | "$python" -m meetsight.cli user create --org "$org" --email conformance@example.com \
    --name Conformance --role admin --password-stdin --json >/dev/null
  redirect="http://127.0.0.1:9/callback"
  client="$("$python" -m meetsight.cli oauth-client create --org "$org" --name conformance \
    --redirect-uri "$redirect" --confidential --json)"
  token="$(echo "$password" | "$python" oauth_token.py "http://127.0.0.1:$server_port" \
    conformance@example.com "$(echo "$client" | json_field client_id)" \
    "$(echo "$client" | json_field client_secret)" "$redirect")"
  credential=(MEETSIGHT_BEARER_TOKEN="$token")
fi
env "${credential[@]}" "$python" keyproxy.py "$proxy_port" "http://127.0.0.1:$server_port" &
proxy_pid=$!
for _ in $(seq 100); do
  curl -s "http://127.0.0.1:$proxy_port/healthz" >/dev/null && break
  sleep 0.2
done
# Each revision against its baseline (expected-failures-REVISION.yml, one entry per known failing
# check): the run fails on any other failing check and on a baselined one that now passes.
status=0
select=(--requirements)
for option in "$@"; do [ "$option" = --scenario ] && select=(--spec-version); done
for revision in ${CONFORMANCE_REVISIONS:-2026-07-28 2025-11-25}; do
  results="${CONFORMANCE_RESULTS:-results}-$revision"
  rm -rf "$results"
  echo "== conformance $(./node_modules/.bin/node node_modules/.bin/conformance --version)," \
    "$revision -> $results"
  ./node_modules/.bin/node node_modules/.bin/conformance server "${select[@]}" "$revision" \
    --expected-failures "expected-failures-$revision.yml" \
    --url "http://127.0.0.1:$proxy_port/api/v1/mcp" -o "$results" "$@" || status=1
done
exit $status
