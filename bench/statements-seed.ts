/** Seeds one merchant whose account has `count` entries spread over the last 360 days (plain SQL, fast). */
import { createMerchant } from "../server/accounts/merchants";
import { db } from "../server/db/client";
import { pool } from "../server/db/pool";

export async function seedStatementAccount(count: number) {
  const merchant = await createMerchant(db(), {
    name: "Padaria São João Ltda",
    document: "11222333000181",
    email: `statements-${Date.now()}@bench.test`,
    password: "bench-password-1",
    ipWhitelist: ["127.0.0.1"],
  });
  const party = (name: string) =>
    JSON.stringify({
      ispb: "12345678",
      personType: "person",
      cpfCnpj: "***.456.789-**",
      name,
      agency: "0001",
      accountType: "checking",
      accountNumber: "123456",
    });
  // Four credits for every debit, so the balance stays positive; one entry every ~52 minutes.
  await pool().query(
    `WITH rows AS (
       SELECT i, CASE WHEN i % 5 = 0 THEN 'debit' ELSE 'credit' END AS type,
              now() - interval '360 days' + (i * interval '360 days' / $3) AS at,
              (1000 + (i * 37) % 90000)::bigint AS gross,
              CASE WHEN i % 5 = 0 THEN 150 ELSE 0 END::bigint AS fee
         FROM generate_series(1, $3::int) AS i)
     INSERT INTO ledger_entries (id, account_id, user_id, type, reason, status, gross_cents, fee_cents, net_cents,
                                 idempotency_key, end_to_end_id, payer, receiver, description, created_at, updated_at)
     SELECT 'E12345678' || to_char(at, 'YYYYMMDDHH24MI') || lpad(i::text, 11, '0'), $1::text, $2::uuid, type::"EntryType",
            CASE WHEN type = 'debit' THEN 'pix_out:processing' ELSE 'pix_in:credited' END, 'succeeded',
            gross, fee, CASE WHEN type = 'debit' THEN gross + fee ELSE gross END,
            'bench:' || $1::text || ':' || i, 'E12345678' || to_char(at, 'YYYYMMDDHH24MI') || lpad(i::text, 11, '0'),
            CASE WHEN type = 'credit' THEN $4::jsonb END, CASE WHEN type = 'debit' THEN $5::jsonb END,
            CASE WHEN i % 7 = 0 THEN 'Pedido nº ' || i || ', "balcão"' END, at, at
       FROM rows`,
    [merchant.accountId, merchant.userId, count, party("Maria Conceição"), party("Distribuidora Açaí, Ltda")],
  );
  await pool().query(
    `INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents, created_at)
     SELECT gen_random_uuid(), seq, account_id, 'available',
            CASE WHEN type = 'debit' THEN -net_cents ELSE net_cents END, created_at
       FROM ledger_entries WHERE account_id = $1`,
    [merchant.accountId],
  );
  return merchant;
}
