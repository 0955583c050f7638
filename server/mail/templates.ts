/**
 * The e-mails of account-programme onboarding, in the proposal's language (pt-BR by default), and
 * the code that proves an e-mail PIX key's possession.
 * Plain text and a minimal HTML part; every value put into HTML is escaped.
 */
export type MailLocale = "pt-BR" | "en";

export type RenderedMail = { subject: string; text: string; html: string; links: string[] };

export type MailTemplate =
  | { kind: "verify"; name: string; link: string; expiresInHours: number }
  | { kind: "approved"; name: string; accountId: string }
  | { kind: "rejected"; name: string; reason: string }
  | { kind: "pixKeyCode"; code: string; expiresInMinutes: number }
  | { kind: "invitation"; organization: string; inviter: string; role: string; link: string; expiresInDays: number };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** An e-mail's words in one language: rendered to text and HTML by renderCopy. */
export type Copy = { subject: string; lines: string[]; link?: { href: string; label: string } };

const COPY: Record<MailLocale, (t: MailTemplate) => Copy> = {
  "pt-BR": (t) => {
    switch (t.kind) {
      case "verify":
        return {
          subject: "Confirme seu e-mail",
          lines: [
            `Olá, ${t.name}.`,
            "Recebemos seu pedido de abertura de conta. Confirme seu e-mail pelo link abaixo para continuar.",
            `O link vale por ${t.expiresInHours} horas e pode ser usado uma vez.`,
          ],
          link: { href: t.link, label: "Confirmar e-mail" },
        };
      case "approved":
        return {
          subject: "Sua conta foi aprovada",
          lines: [`Olá, ${t.name}.`, `Sua conta foi aprovada. Número da conta: ${t.accountId}.`],
        };
      case "rejected":
        return {
          subject: "Seu pedido de conta não foi aprovado",
          lines: [`Olá, ${t.name}.`, "Seu pedido de abertura de conta não foi aprovado.", `Motivo: ${t.reason}`],
        };
      case "pixKeyCode":
        return {
          subject: `${t.code} é o código da sua chave Pix`,
          lines: [
            `Seu código para cadastrar este e-mail como chave Pix: ${t.code}`,
            `O código vale por ${t.expiresInMinutes} minutos. Se você não pediu este cadastro, ignore este e-mail.`,
          ],
        };
      case "invitation":
        return {
          subject: `Convite para ${t.organization}`,
          lines: [
            `${t.inviter} convidou você para a equipe de ${t.organization} com a função ${t.role}.`,
            `O link vale por ${t.expiresInDays} dias e pode ser usado uma vez.`,
          ],
          link: { href: t.link, label: "Aceitar convite" },
        };
    }
  },
  en: (t) => {
    switch (t.kind) {
      case "verify":
        return {
          subject: "Confirm your e-mail",
          lines: [
            `Hello, ${t.name}.`,
            "We received your account application. Confirm your e-mail with the link below to continue.",
            `The link works for ${t.expiresInHours} hours and only once.`,
          ],
          link: { href: t.link, label: "Confirm e-mail" },
        };
      case "approved":
        return {
          subject: "Your account was approved",
          lines: [`Hello, ${t.name}.`, `Your account was approved. Account number: ${t.accountId}.`],
        };
      case "rejected":
        return {
          subject: "Your account application was not approved",
          lines: [`Hello, ${t.name}.`, "Your account application was not approved.", `Reason: ${t.reason}`],
        };
      case "pixKeyCode":
        return {
          subject: `${t.code} is your PIX key code`,
          lines: [
            `Your code to register this e-mail as a PIX key: ${t.code}`,
            `The code works for ${t.expiresInMinutes} minutes. If you did not ask for this, ignore this e-mail.`,
          ],
        };
      case "invitation":
        return {
          subject: `Invitation to ${t.organization}`,
          lines: [
            `${t.inviter} invited you to the ${t.organization} team as ${t.role}.`,
            `The link works for ${t.expiresInDays} days and only once.`,
          ],
          link: { href: t.link, label: "Accept invitation" },
        };
    }
  },
};

export function renderMail(template: MailTemplate, locale: MailLocale): RenderedMail {
  return renderCopy(COPY[locale](template));
}

/** Plain text, and HTML with every value escaped, of an e-mail's words. */
export function renderCopy(copy: Copy): RenderedMail {
  const text = [...copy.lines, ...(copy.link ? ["", `${copy.link.label}: ${copy.link.href}`] : [])].join("\n");
  const html = [
    ...copy.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(copy.link ? [`<p><a href="${escapeHtml(copy.link.href)}">${escapeHtml(copy.link.label)}</a></p>`] : []),
  ].join("\n");
  return { subject: copy.subject, text, html, links: copy.link ? [copy.link.href] : [] };
}
