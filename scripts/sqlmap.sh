#!/usr/bin/env bash
# Points sqlmap at Adopet's parameters (query strings, JSON bodies, forms) on a
# fresh embedded database. Exits non-zero if any parameter is found injectable.
# Needs the build (npm run build) and Debian's sqlmap.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlmap >/dev/null || { echo "Instale o sqlmap: sudo apt-get install -y sqlmap" >&2; exit 1; }

work=$(mktemp -d)
port=${SQLMAP_PORT:-3299}
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 MESSAGE_LIMIT_PER_HOUR=100000 node server/main.js >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/adopet/healthz" >/dev/null && break; sleep 1; done

base="http://127.0.0.1:$port/adopet"
pet=$(curl -s "$base/api/pets?limit=1" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).pets[0].id))')
common=(--batch --level=2 --risk=1 --dbms=PostgreSQL --technique=BEUST --time-sec=2 --output-dir="$work/out" --disable-coloring)

run() {
  echo "== sqlmap $*"
  sqlmap "${common[@]}" "$@" | tee -a "$work/report.txt" | grep -E "is vulnerable|injectable|all tested parameters" || true
}

run -u "$base/api/pets?cidade=Rio&uf=RJ&especie=cao&porte=medio&idade=adulto&page=1&limit=5"
run -u "$base/home?cidade=Rio&uf=RJ&page=1"
run -u "$base/api/pets/$pet"
run -u "$base/api/users/$pet"
run -u "$base/api/session" --data '{"email":"a@b.com","senha":"Abc@123"}' --headers="Content-Type: application/json"
run -u "$base/api/messages" --data "{\"petId\":\"$pet\",\"nome\":\"Ana\",\"telefone\":\"21 98888-7777\",\"nome__animal\":\"Dunga\",\"contato__texto\":\"Oi\"}" --headers="Content-Type: application/json"
run -u "$base/login" --data "email=a%40b.com&senha=Abc%40123"
run -u "$base/contato" --data "nome=Ana&telefone=21988887777&nome__animal=Dunga&contato__texto=Oi&pet=$pet"

if grep -qiE "parameter '.*' is vulnerable|is injectable" "$work/report.txt"; then
  echo "sqlmap encontrou uma injeção." >&2
  exit 1
fi
echo "sqlmap: nenhum parâmetro injetável."
