/** Getting started on the API Pix (/api/pix/v2): the Central Bank's standard, OAuth bearer tokens, RFC 7807 errors. */

import { SETUP } from "./common";
import { code } from "./html";

const NODE_CLIENT = `
// Node 18 or later (fetch is built in). CLIENT_ID and CLIENT_SECRET come from the environment.
const BASE = "http://localhost:3000";

async function token() {
  const res = await fetch(BASE + "/api/pix/oauth/token", {
    method: "POST",
    headers: {
      authorization: "Basic " + Buffer.from(\`\${process.env.CLIENT_ID}:\${process.env.CLIENT_SECRET}\`).toString("base64"),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(\`\${res.status} \${await res.text()}\`);
  return (await res.json()).access_token; // good for expires_in seconds (1 h by default)
}

const ACCESS_TOKEN = await token();

async function pix(method, path, body) {
  const res = await fetch(BASE + "/api/pix/v2" + path, {
    method,
    headers: { authorization: "Bearer " + ACCESS_TOKEN, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(\`\${res.status} \${await res.text()}\`); // an RFC 7807 problem
  return res.json();
}`;

const PYTHON_CLIENT = `
# Python 3, standard library only. CLIENT_ID and CLIENT_SECRET come from the environment.
import base64, json, os, urllib.request

BASE = "http://localhost:3000"
BASIC = base64.b64encode(f"{os.environ['CLIENT_ID']}:{os.environ['CLIENT_SECRET']}".encode()).decode()

def token():
    request = urllib.request.Request(BASE + "/api/pix/oauth/token", data=b"grant_type=client_credentials",
                                     headers={"Authorization": "Basic " + BASIC,
                                              "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["access_token"]

ACCESS_TOKEN = token()

def pix(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + "/api/pix/v2" + path, data=data, method=method,
                                     headers={"Authorization": "Bearer " + ACCESS_TOKEN,
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)`;

export const API_PIX_PAGE = `
<h1>Getting started: the API Pix (<code>/api/pix/v2</code>)</h1>
<p>The Central Bank's standard API Pix (version 2.9), the one ERPs, billing systems and PIX libraries already speak
to banks. A client written for it needs no code change: point it at these two URLs.</p>
<table class="values">
  <tr><th>Base URL</th><td><code>&lt;APP_URL&gt;/api/pix/v2</code> (e.g. <code>http://localhost:3000/api/pix/v2</code>)</td></tr>
  <tr><th>Token URL</th><td><code>&lt;APP_URL&gt;/api/pix/oauth/token</code> (OAuth 2.0 client credentials)</td></tr>
  <tr><th>Client id and secret</th><td>an API key's <code>clientId</code> and <code>clientSecret</code></td></tr>
  <tr><th>Scopes</th><td><code>cob.write cob.read pix.write pix.read webhook.write webhook.read payloadlocation.write payloadlocation.read</code>
  (and <code>cobv.*</code>, <code>lotecobv.*</code>)</td></tr>
</table>
<p>Errors are RFC 7807 problems (<code>application/problem+json</code>) with the specification's
<code>type</code> URIs, e.g. <code>https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida</code>, and the list of
<code>violacoes</code>. Every operation, field and status: the <a href="/docs/api">API reference</a> (choose
"API Pix (/api/pix/v2)").</p>
${SETUP}

<h2>1. A key with the API Pix scopes</h2>
<p>The same API keys as the other surfaces; the token carries the key's API Pix scopes. In the dashboard's
<em>API keys</em> page, tick the group <strong>API Pix (/api/pix/v2)</strong> (one click takes all of its scopes). With
the CLI, <code>npm run cli -- apikey create --email merchant@example.invalid --scope cob.write --scope cob.read
--scope pix.read --scope pix.write --ip 127.0.0.1 --json</code> (every scope when <code>--scope</code> is left out).
<code>npm run dev</code>'s demo key has them all.</p>
<p>A cob's <code>chave</code> must be a PIX key registered on one of your own accounts. <code>npm run dev</code> prints the
demo account's random key (EVP), the dashboard's <strong>Sandbox</strong> page shows it, and
<code>npm run cli -- merchant create … --json</code> registers one on the new account and answers it as
<code>pixKey</code>.</p>
${code({
  curl: `export PIX_KEY=…   # the EVP key npm run dev printed (or pixKey of merchant create)`,
})}

<h2>2. A token</h2>
<p>HTTP Basic with the client id and secret, a form body <code>grant_type=client_credentials</code> and, if you
want fewer scopes than the key's, <code>scope</code> (space separated). The answer is
<code>{ access_token, token_type: "Bearer", expires_in, scope }</code>; ask again when it expires (there is no refresh
token).</p>
${code({
  curl: `TOKEN=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials \\
  "$BASE/api/pix/oauth/token" | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
  node: NODE_CLIENT,
  python: PYTHON_CLIENT,
})}

<h2>3. A charge (cob), paid in the sandbox</h2>
<p><code>PUT /cob/{txid}</code> with your own <code>txid</code> (26 to 35 letters and digits), or <code>POST /cob</code> to
have one generated. The answer has <code>status: "ATIVA"</code>, <code>revisao</code>, the <code>location</code> and the
<code>pixCopiaECola</code> a payer's bank reads. A cob is a charge like any other: the dashboard lists it and the other
surfaces see it. In the sandbox you play the payer with the account surface's
<code>POST /v4/i/sandbox/pix/in/dynamic-qrcode/{txid}/pay</code> (or the Sandbox page); the cob is then
<code>CONCLUIDA</code> and its <code>pix</code> list has the payment's <code>endToEndId</code>.</p>
${code({
  curl: `TXID=$(openssl rand -hex 16)   # 32 characters
curl -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\
  -d "{\\"calendario\\":{\\"expiracao\\":3600},\\"valor\\":{\\"original\\":\\"10.50\\"},\\"chave\\":\\"$PIX_KEY\\",\\"solicitacaoPagador\\":\\"Pedido 1234\\"}" \\
  "$BASE/api/pix/v2/cob/$TXID"

curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" -d '{}' \\
  "$BASE/v4/i/sandbox/pix/in/dynamic-qrcode/$TXID/pay"

curl -H "Authorization: Bearer $TOKEN" "$BASE/api/pix/v2/cob/$TXID"   # "status":"CONCLUIDA", "pix":[{"endToEndId":…}]`,
  node: `const txid = crypto.randomUUID().replaceAll("-", ""); // 32 characters
const cob = await pix("PUT", \`/cob/\${txid}\`, {
  calendario: { expiracao: 3600 },
  valor: { original: "10.50" },
  chave: process.env.PIX_KEY,
  solicitacaoPagador: "Pedido 1234",
});
console.log(cob.status, cob.pixCopiaECola); // "ATIVA", "000201…"`,
  python: `import uuid
txid = uuid.uuid4().hex  # 32 characters
cob = pix("PUT", f"/cob/{txid}", {"calendario": {"expiracao": 3600}, "valor": {"original": "10.50"},
                                  "chave": os.environ["PIX_KEY"], "solicitacaoPagador": "Pedido 1234"})
print(cob["status"], cob["pixCopiaECola"])  # ATIVA 000201…`,
})}
<p>Amounts are strings with two decimals (<code>"10.50"</code>), as the specification writes them.</p>

<h2>4. The PIX received, and a refund (devolução)</h2>
<p><code>GET /pix</code> lists the PIX received on your accounts in a period (<code>inicio</code> and <code>fim</code>,
RFC 3339; filters <code>txid</code>, <code>cpf</code>/<code>cnpj</code>, paging); <code>GET /pix/{e2eid}</code> reads one.
<code>PUT /pix/{e2eid}/devolucao/{id}</code> returns all or part of it, with an <code>id</code> of yours unique for that
PIX; it starts <code>EM_PROCESSAMENTO</code> and becomes <code>DEVOLVIDO</code> (or <code>NAO_REALIZADO</code> with a
<code>motivo</code>).</p>
${code({
  curl: `curl -H "Authorization: Bearer $TOKEN" \\
  "$BASE/api/pix/v2/pix?inicio=2026-01-01T00:00:00Z&fim=2030-12-31T23:59:59Z&txid=$TXID"

E2EID=…   # the endToEndId of the PIX above
curl -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\
  -d '{"valor":"5.00","descricao":"Troca"}' "$BASE/api/pix/v2/pix/$E2EID/devolucao/dev1"

curl -H "Authorization: Bearer $TOKEN" "$BASE/api/pix/v2/pix/$E2EID/devolucao/dev1"   # "status":"DEVOLVIDO"`,
})}

<h2>5. Webhooks</h2>
<p>One URL per PIX key: <code>PUT /webhook/{chave}</code> <code>{ "webhookUrl": "https://…" }</code>. For every PIX with a
<code>txid</code> received on that key, and for refunds reaching <code>DEVOLVIDO</code> or <code>NAO_REALIZADO</code>, the
platform POSTs <code>{ "pix": [ … ] }</code> to <code>{webhookUrl}/pix</code>, retried until your server answers 2xx;
deliveries are listed on the dashboard's <em>Webhooks</em> page. URLs must be https (a development server allows
localhost over http).</p>
${code({
  curl: `curl -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \\
  -d '{"webhookUrl":"https://erp.example.invalid/api-pix"}' "$BASE/api/pix/v2/webhook/$PIX_KEY"
# deliveries arrive at https://erp.example.invalid/api-pix/pix`,
})}

<h2>Mutual TLS</h2>
<p>The specification asks PSPs for mutual TLS. Where the operator turns it on (<code>API_PIX_MTLS_CERT_HEADER</code>),
the TLS endpoint asks your client for its certificate, every token is bound to that certificate (RFC 8705,
<code>cnf.x5t#S256</code>) and a call with another certificate, or none, is 401: configure your client's certificate
and key as your bank asked you to. Off by default, and in development.</p>
`;
