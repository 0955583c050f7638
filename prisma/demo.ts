/** The demo logins that `npm run dev` seeds and prints, and that the end-to-end tests use. */
export const DEMO_MERCHANT = {
  email: "merchant@demo.pix",
  password: "demo-merchant-2026",
  name: "Loja Demonstração Ltda",
  document: "11222333000181",
  accountId: "100000000001",
  pixKey: "merchant@demo.pix",
} as const;

/** A second merchant to send money to inside the platform. */
export const DEMO_COUNTERPARTY = {
  email: "cafe@demo.pix",
  password: "demo-cafe-2026",
  name: "Café Exemplo",
  document: "52998224725",
  accountId: "100000000002",
  pixKey: "cafe@demo.pix",
} as const;

/** A member of the demo merchant's organisation who only reads (role support). */
export const DEMO_SUPPORT = {
  email: "suporte@demo.pix",
  password: "demo-support-2026",
  name: "Sofia Suporte",
} as const;

/**
 * Administrators must have a second factor (decision 0044): the demo one has an authenticator app
 * whose key is public on purpose (add it to an app, or compute codes from it in e2e specs).
 */
export const DEMO_ADMIN = {
  email: "admin@demo.pix",
  password: "demo-admin-2026",
  name: "Operações",
  totpSecret: "KRUGS4ZAJFZSAQLOEBSGK3LPEBVWK6JA",
} as const;

/** The demo key answers from this machine only. */
export const DEMO_IP_WHITELIST = ["127.0.0.1", "::1"];

/** R$ 1.500,00 */
export const DEMO_OPENING_BALANCE_CENTS = 150_000n;
