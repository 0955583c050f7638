/** Getting started on the account surface (/v4/i): camelCase JSON, HTTP Basic credentials. */

import { NODE_VERIFY_WEBHOOK, PYTHON_VERIFY_WEBHOOK } from "@/server/gateway/signing-example";
import { GET_A_KEY, SETUP } from "./common";
import { code, esc } from "./html";

const NODE_CLIENT = `
// Node 18 or later (fetch is built in). CLIENT_ID and CLIENT_SECRET come from the environment.
const BASE = "http://localhost:3000";
const AUTH = "Basic " + Buffer.from(\`\${process.env.CLIENT_ID}:\${process.env.CLIENT_SECRET}\`).toString("base64");

async function call(method, path, body) {
  const res = await fetch(BASE + path, {
    method,
    headers: { authorization: AUTH, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(\`\${res.status} \${await res.text()}\`);
  return res.json();
}`;

const PYTHON_CLIENT = `
# Python 3, standard library only. CLIENT_ID and CLIENT_SECRET come from the environment.
import base64, json, os, urllib.request

BASE = "http://localhost:3000"
AUTH = "Basic " + base64.b64encode(f"{os.environ['CLIENT_ID']}:{os.environ['CLIENT_SECRET']}".encode()).decode()

def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method,
                                     headers={"Authorization": AUTH, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)`;

export const ACCOUNT_PAGE = `
<h1>Getting started: the account surface (<code>/v4/i</code>)</h1>
<p>camelCase JSON, HTTP Basic credentials (<code>clientId:clientSecret</code>), every answer in an envelope
<code>{ requestId, success, size, data }</code>. Every field, limit and status code is in the
<a href="/docs/api">API reference</a>.</p>
${SETUP}

<h2>1. Get a key</h2>
${GET_A_KEY}

<h2>2. The first call: your balance</h2>
${code({
  curl: `curl -u "$CLIENT_ID:$CLIENT_SECRET" "$BASE/v4/i/bank-accounts/$ACCOUNT_ID/balance"`,
  node: `${NODE_CLIENT}

const { data } = await call("GET", "/v4/i/bank-accounts/100000000001/balance");
console.log(data.availableBalance); // BRL, e.g. 1500`,
  python: `${PYTHON_CLIENT}

print(call("GET", "/v4/i/bank-accounts/100000000001/balance")["data"]["availableBalance"])`,
})}
<p>Amounts are BRL numbers with at most two decimals (<code>10.5</code> is R$ 10,50).</p>

<h2>3. The first charge, paid in the sandbox</h2>
<p>Create a dynamic QR charge; its <code>emv</code> is the copy-and-paste code a payer's bank reads. In the sandbox
(<code>PIX_RAIL=sandbox</code>, the default outside production) you play the payer with
<code>POST /v4/i/sandbox/pix/in/dynamic-qrcode/{txId}/pay</code>; the charge is then <code>paid</code> and the money is
in your balance. The dashboard's <strong>Sandbox</strong> page (<a href="/sandbox"><code>/sandbox</code></a>) does the
same with a click.</p>
${code({
  curl: `TX_ID=$(curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" \\
  -d "{\\"accountId\\":\\"$ACCOUNT_ID\\",\\"amount\\":10.5,\\"description\\":\\"Pedido 1234\\"}" \\
  "$BASE/v4/i/pix/in/dynamic-qrcode" | sed -E 's/.*"txId":"([^"]+)".*/\\1/')

curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" -d '{}' \\
  "$BASE/v4/i/sandbox/pix/in/dynamic-qrcode/$TX_ID/pay"

curl -u "$CLIENT_ID:$CLIENT_SECRET" "$BASE/v4/i/pix/in/dynamic-qrcode/$TX_ID"   # "status":"paid"`,
  node: `const charge = await call("POST", "/v4/i/pix/in/dynamic-qrcode", {
  accountId: "100000000001",
  amount: 10.5,
  description: "Pedido 1234",
});
await call("POST", \`/v4/i/sandbox/pix/in/dynamic-qrcode/\${charge.data.txId}/pay\`, {});
const paid = await call("GET", \`/v4/i/pix/in/dynamic-qrcode/\${charge.data.txId}\`);
console.log(paid.data.status); // "paid"`,
  python: `charge = call("POST", "/v4/i/pix/in/dynamic-qrcode",
              {"accountId": "100000000001", "amount": 10.5, "description": "Pedido 1234"})
tx_id = charge["data"]["txId"]
call("POST", f"/v4/i/sandbox/pix/in/dynamic-qrcode/{tx_id}/pay", {})
print(call("GET", f"/v4/i/pix/in/dynamic-qrcode/{tx_id}")["data"]["status"])  # paid`,
})}
<p>Other sandbox doors, all on your own accounts: <code>POST /v4/i/sandbox/pix/in/credit</code> (a PIX received by key),
<code>POST /v4/i/sandbox/pix/out/{endToEndId}/return</code> (the receiver returns your payment) and
<code>POST /v4/i/sandbox/meds</code> (a payer's bank opens a MED); the Sandbox page does each of them too. Keys ending in <code>@fail.sandbox</code>
(<code>ab03@fail.sandbox</code>, …) make a payout fail with that reason code.</p>
<p>Every charge answer carries <code>paymentPageUrl</code>: a public page (<code>/c/{publicId}</code>) to send the payer, with
the amount, the QR code, the code to copy and a status that turns to paid with a receipt by itself. For a link many payers
can use, <code>POST /v4/i/payment-links</code> with <code>{"accountId", "description", "amount"}</code> (or
<code>minAmount</code> and <code>maxAmount</code>; optional <code>expiresAt</code>, <code>maxPayments</code>,
<code>payerFields</code>): its <code>url</code> (<code>/l/{id}</code>) gives each visitor a charge of their own.
<code>GET /v4/i/payment-links</code> lists your links with <code>paymentsCount</code> and <code>totalReceived</code>;
<code>POST /v4/i/payment-links/{id}/deactivate</code> stops one.</p>

<h2 id="due-date">4. A bill with a due date</h2>
<p>A due-date charge is a bill: it is paid by a day, may earn the payer a discount for paying early, and adds a fine
and interest once late. It is the API Pix's <code>cobv</code> under the same rules, written here in camelCase with
amounts as BRL numbers. <code>fine</code>, <code>interest</code>, <code>rebate</code> and <code>discount</code> are each
<code>{ mode, value }</code>: the mode says whether <code>value</code> is BRL or a percentage and how it counts (the
<a href="/docs/api">API reference</a> lists every mode); a discount by dates gives <code>fixedDates</code> instead of a
value. A due date on a weekend or national holiday moves to the next business day, and the bill can be paid for
<code>validityDays</code> (30 unless you say) after it.</p>
<p>Below, R$ 250 due on 10 December: paying by 4 December takes R$ 10 off; once late there is a fine of 2 % and
interest of 1 % a month, counted per calendar day.</p>
${code({
  curl: `curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" -d '{
  "accountId": "100000000001",
  "dueDate": "2026-12-10",
  "debtor": { "name": "Maria Pagadora", "cpf": "12345678909", "email": "maria@example.invalid" },
  "amount": 250,
  "fine": { "mode": 2, "value": 2 },
  "interest": { "mode": 3, "value": 1 },
  "discount": { "mode": 1, "fixedDates": [{ "date": "2026-12-04", "value": 10 }] },
  "description": "Mensalidade de dezembro"
}' "$BASE/v4/i/charges/due-date"`,
  node: `const bill = await call("POST", "/v4/i/charges/due-date", {
  accountId: "100000000001",
  dueDate: "2026-12-10",
  debtor: { name: "Maria Pagadora", cpf: "12345678909", email: "maria@example.invalid" },
  amount: 250,
  fine: { mode: 2, value: 2 }, // 2 % once late
  interest: { mode: 3, value: 1 }, // 1 % a month, per calendar day late
  discount: { mode: 1, fixedDates: [{ date: "2026-12-04", value: 10 }] }, // R$ 10 off until 4 December
  description: "Mensalidade de dezembro",
});
console.log(bill.data.dueToday.amount); // 240 while the discount holds`,
  python: `bill = call("POST", "/v4/i/charges/due-date", {
    "accountId": "100000000001",
    "dueDate": "2026-12-10",
    "debtor": {"name": "Maria Pagadora", "cpf": "12345678909", "email": "maria@example.invalid"},
    "amount": 250,
    "fine": {"mode": 2, "value": 2},
    "interest": {"mode": 3, "value": 1},
    "discount": {"mode": 1, "fixedDates": [{"date": "2026-12-04", "value": 10}]},
    "description": "Mensalidade de dezembro",
})
print(bill["data"]["dueToday"]["amount"])  # 240 while the discount holds`,
})}
<p>The answer (created on 28 November) repeats the terms and says what paying today would move, part by part:</p>
<pre><code>${esc(`{
  "requestId": "…", "success": true, "size": 1, "message": "Due-date charge created",
  "data": {
    "txId": "kV3n8QmT2xLp9RbWc4YhJd7sFa1Ge6Zu", "status": "created", "accountId": "100000000001",
    "pixKey": "…", "revision": 0, "createdAt": 1796000000000, "updatedAt": 1796000000000,
    "dueDate": "2026-12-10", "validityDays": 30,
    "debtor": { "name": "Maria Pagadora", "cpf": "12345678909", "email": "maria@example.invalid" },
    "amount": 250,
    "fine": { "mode": 2, "value": 2 }, "interest": { "mode": 3, "value": 1 }, "rebate": null,
    "discount": { "mode": 1, "value": null, "fixedDates": [{ "date": "2026-12-04", "value": 10 }] },
    "description": "Mensalidade de dezembro",
    "emv": "000201…", "location": "localhost:3000/pix/qr/v2/cobv/…",
    "dueToday": { "date": "2026-11-28", "amount": 240, "lastPayableDate": "2027-01-11",
                  "original": 250, "fine": 0, "interest": 0, "rebate": 0, "discount": 10 },
    "paid": null
  }
}`)}</code></pre>
<p>Paid on 15 December, five days late, it moves R$ 255,42: the R$ 250, a fine of R$ 5 and interest of R$ 0,42
(250 × 1 % × 5 ÷ 30, rounded to the centavo). In the sandbox you can try it without waiting:
<code>POST /v4/i/sandbox/pix/in/due-date/{txId}/pay</code> with <code>{ "paidOn": "2026-12-15" }</code>; afterwards
<code>GET /v4/i/charges/due-date/{txId}</code> answers <code>"status": "paid"</code> and
<code>"paid": { "paidOn": "2026-12-15", "amount": 255.42, "original": 250, "fine": 5, "interest": 0.42, … }</code>.
<code>GET /v4/i/charges/due-date</code> lists your bills, newest first, by <code>status</code>, due window
(<code>dueFrom</code>, <code>dueTo</code>), payer (<code>debtorDocument</code>, part of <code>debtorName</code>) and creation
period (<code>startDate</code>, <code>endDate</code>). A refused bill answers 400 <code>VALIDATION_ERROR</code> naming each
field, e.g. <code>fine.mode: … deve estar entre 1 e 2</code>.</p>

<h2>5. Webhooks, and checking that a delivery is yours</h2>
<p>Register a URL for the events you want. The answer carries the registration's signing <code>secret</code>
once: keep it. Each delivery is a POST signed the same way as the gateway's: <code>X-Service-Timestamp</code> (seconds)
and <code>X-Service-Signature</code> = <code>sha256=</code> HMAC-SHA256 of <code>timestamp.rawBody</code> keyed with that
secret (a worked example is on <a href="/docs/getting-started/gateway#webhooks">the gateway's page</a>). The
<code>authHeader</code> you registered comes back as the <code>Authorization</code> header too. Check the signature on the
raw body, refuse old timestamps, and answer 2xx quickly; a delivery that fails is retried.</p>
${code({
  curl: `curl -u "$CLIENT_ID:$CLIENT_SECRET" -H "Content-Type: application/json" \\
  -d '{"event":["pix_in:qrcode_paid","pix_in:credited"],"targetUrl":"https://erp.example.invalid/pix/webhooks","authHeader":"Bearer erp-webhook-token"}' \\
  "$BASE/v4/i/webhooks/config"   # the answer's data.secret is shown only now`,
  node: NODE_VERIFY_WEBHOOK,
  python: PYTHON_VERIFY_WEBHOOK,
})}
<p>A delivery's body names the event and the object: <code>{ webhookId, userId, accountId, event, object }</code>.
Pix Automático adds <code>pix_automatico:recurrence_updated</code> (a recurrence created or changing status; the
object is the recurrence as API Pix <code>GET /rec/{idRec}</code> answers it) and
<code>pix_automatico:charge_updated</code> (a recurring charge changed; the object is the API Pix <code>cobr</code>).
Target URLs must be https and must not resolve to private addresses (a development server started with
<code>npm run dev</code> allows localhost).</p>
`;
