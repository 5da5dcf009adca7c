#!/usr/bin/env bash
# Points sqlmap at Adopet's parameters (query strings, JSON bodies, forms, cookies), as a
# visitor and signed in, on a fresh embedded database with the demo data and every rate
# limit lifted (RATE_LIMITS=off: a limited target answers 429 to every payload and proves
# nothing). Fails if a parameter is found injectable, if sqlmap reports an error of its
# own, if the server answered any 500, or if it stopped answering.
# Needs the build (npm run build) and Debian's sqlmap.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v sqlmap >/dev/null || { echo "Instale o sqlmap: sudo apt-get install -y sqlmap" >&2; exit 1; }

work=$(mktemp -d)
port=${SQLMAP_PORT:-3299}
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 DEMO_DATA=true RATE_LIMITS=off node server/main.js >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/adopet/healthz" >/dev/null && break; sleep 1; done

base="http://127.0.0.1:$port/adopet"
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(eval(process.argv[1]))})' "$1"; }
pet=$(curl -sf "$base/api/pets?limit=1" | json 'v.pets[0].id')
# The demo NGO's session, and a message in its inbox.
session=$(curl -sf -D - -o /dev/null -H 'Content-Type: application/json' \
  -d '{"email":"ong@adopet.example","senha":"Adote@2022"}' "$base/api/session" |
  sed -n 's/^[Ss]et-[Cc]ookie: \(adopet_sessao=[^;]*\).*/\1/p')
[ -n "$session" ] || { echo "sqlmap: não foi possível entrar com a conta de demonstração." >&2; exit 1; }
ong=$(curl -sf -H "Cookie: $session" "$base/api/session" | json 'v.id')
curl -sf -o /dev/null -H 'Content-Type: application/json' "$base/api/messages" \
  -d "{\"petId\":\"$pet\",\"nome\":\"Ana\",\"telefone\":\"21 98888-7777\",\"nome__animal\":\"Dunga\",\"contato__texto\":\"Oi\"}"

# --skip-waf: our validation refuses sqlmap's WAF probe with a 400, which it takes for a WAF.
common=(--batch --level=2 --risk=1 --dbms=PostgreSQL --technique=BEUST --time-sec=2 --disable-coloring --skip-waf)
failures=0
run() {
  echo "== sqlmap $*"
  local out="$work/run.txt"
  # A run of its own each time (no session file): each target is tested afresh.
  sqlmap "${common[@]}" --output-dir="$work/out-$RANDOM" "$@" >"$out" 2>&1 || true
  cat "$out" >>"$work/report.txt"
  grep -E "is vulnerable|injectable|HTTP error codes" "$out" || true
  # sqlmap words two outcomes as errors: nothing found, and a page that differs at each request
  # (a sign-up answers a new account each time); anything else is a failed run.
  if grep -E "\[(ERROR|CRITICAL)\]" "$out" | grep -vqE "all tested parameters do not appear to be injectable|content appears to be heavily dynamic"; then
    echo "sqlmap relatou um erro:" >&2
    grep -E "\[(ERROR|CRITICAL)\]" "$out" >&2
    failures=$((failures + 1))
  fi
  if grep -q "500 (Internal Server Error)" "$out"; then
    echo "O servidor respondeu 500 durante o teste." >&2
    failures=$((failures + 1))
  fi
  if ! curl -sf "$base/healthz" >/dev/null; then
    echo "O servidor parou de responder." >&2
    tail -n 20 "$work/server.log" >&2
    exit 1
  fi
}
json_body=(--headers="Content-Type: application/json")

# A representative set: each kind of input (query string, path, JSON body, form, cookie) into
# each kind of query it reaches (filters, text and distance search, lookups by id, writes, nested
# JSON). Every parameter's SQL goes through Drizzle's parameters alike; a form whose fields the
# JSON API takes too (login, cadastro, denúncia, the termo's code) is covered by the API's.
# As a visitor.
run -u "$base/api/pets?cidade=Rio&uf=RJ&especie=cao&porte=medio&idade=adulto&page=1&limit=5"
run -u "$base/home?cidade=Rio&uf=RJ&especie=gato&page=2"
run -u "$base/api/pets?q=brincalhao&perto=3303302&raio=50&sexo=femea&castrado=sim&convive_com=criancas"
run -u "$base/pets/$pet"
run -u "$base/api/users/$ong"
run -u "$base/api/session" --data '{"email":"a@b.com","senha":"Abc@123"}' "${json_body[@]}"
run -u "$base/api/users" --data '{"email":"novo@b.com","nome":"Ana","senha":"Abc@123"}' "${json_body[@]}"
run -u "$base/api/messages" --data "{\"petId\":\"$pet\",\"nome\":\"Ana\",\"telefone\":\"21 98888-7777\",\"nome__animal\":\"Dunga\",\"contato__texto\":\"Oi\"}" "${json_body[@]}"
run -u "$base/contato" --data "nome=Ana&telefone=21988887777&nome__animal=Dunga&contato__texto=Oi&pet=$pet"
run -u "$base/api/denuncias" --data "{\"alvo\":{\"tipo\":\"usuario\",\"id\":\"$ong\"},\"categoria\":\"outro\",\"texto\":\"Teste\"}" "${json_body[@]}"
run -u "$base/api/termos/verificar" --data '{"codigo":"ABCD-1234-EFGH-5678"}' "${json_body[@]}"
# Signed in as the demo NGO. The session cookie is tested too: a tampered one is answered 401.
run -u "$base/api/messages" --cookie="$session" --ignore-code=401
run -u "$base/api/pets/$pet" --method=PATCH --data '{"perfil":"Dócil","cidade":"Niterói"}' "${json_body[@]}" --cookie="$session" --skip=adopet_sessao
run -u "$base/meus-pets" --data "intent=disponivel&pet=$pet" --cookie="$session" --skip=adopet_sessao
run -u "$base/api/candidaturas?pet=$pet&animal=Dun&status=nova&pagina=1" --cookie="$session" --skip=adopet_sessao
run -u "$base/api/questionario" --method=PUT --data '{"perguntas":[{"id":"moradia","tipo":"escolha_unica","enunciado":"Casa ou apartamento?","obrigatoria":true,"opcoes":["Casa","Apartamento"]}]}' "${json_body[@]}" --cookie="$session" --skip=adopet_sessao
run -u "$base/api/alertas" --data '{"filtros":{"especie":"gato","perto":"Niterói (RJ)","raio":25,"q":"dengosa"},"frequencia":"diaria"}' "${json_body[@]}" --cookie="$session" --skip=adopet_sessao

if grep -qiE "parameter '.*' is vulnerable|is injectable" "$work/report.txt"; then
  echo "sqlmap encontrou uma injeção." >&2
  exit 1
fi
if [ "$failures" -gt 0 ]; then
  echo "sqlmap: $failures alvo(s) com erro (ver acima)." >&2
  exit 1
fi
echo "sqlmap: nenhum parâmetro injetável, nenhum erro 500, o servidor respondeu até o fim."
