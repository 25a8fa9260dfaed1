#!/usr/bin/env bash
# Serves meetsight with demo data on a scratch data dir, puts the key-adding proxy in front of
# it, and runs the MCP conformance suite (Node 22 from this folder's node_modules).
# Usage: tools/conformance/run.sh [extra conformance options]
# (results in tools/conformance/results, or the folder CONFORMANCE_RESULTS names)
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
[ -x node_modules/.bin/node ] || npm install --no-audit --no-fund
export MEETSIGHT_DATA_DIR="$data" MEETSIGHT_WORKERS=0
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
results="${CONFORMANCE_RESULTS:-results}"
rm -rf "$results"
./node_modules/.bin/node node_modules/.bin/conformance server \
  --url "http://127.0.0.1:$proxy_port/api/v1/mcp" -o "$results" "$@" || true
