/** The e-mails of sign-in hygiene (docs/decisions/0045-sign-in-hygiene.md), in pt-BR and en. */
import { type Copy, type MailLocale, type RenderedMail, renderCopy } from "../mail/templates";

export type SignInMail =
  | { kind: "accountLocked"; name: string; minutes: number; resetLink: string }
  | { kind: "passwordReset"; name: string; link: string; expiresInMinutes: number };

const COPY: Record<MailLocale, (mail: SignInMail) => Copy> = {
  "pt-BR": (mail) =>
    mail.kind === "accountLocked"
      ? {
          subject: "Sua conta foi bloqueada temporariamente",
          lines: [
            `Olá, ${mail.name}.`,
            `Houve muitas tentativas de entrar na sua conta com a senha errada. Por segurança, bloqueamos novas tentativas por ${mail.minutes} minutos.`,
            "Se foi você, espere e tente de novo. Se não foi, troque sua senha pelo link abaixo.",
          ],
          link: { href: mail.resetLink, label: "Trocar minha senha" },
        }
      : {
          subject: "Redefina sua senha",
          lines: [
            `Olá, ${mail.name}.`,
            "Recebemos um pedido para redefinir a senha da sua conta. Crie uma nova pelo link abaixo.",
            `O link vale por ${mail.expiresInMinutes} minutos e pode ser usado uma vez. Se você não pediu, ignore este e-mail.`,
          ],
          link: { href: mail.link, label: "Redefinir senha" },
        },
  en: (mail) =>
    mail.kind === "accountLocked"
      ? {
          subject: "Your account was locked for a while",
          lines: [
            `Hello, ${mail.name}.`,
            `There were many attempts to sign in to your account with a wrong password. To keep it safe, we refuse new attempts for ${mail.minutes} minutes.`,
            "If it was you, wait and try again. If it was not, change your password with the link below.",
          ],
          link: { href: mail.resetLink, label: "Change my password" },
        }
      : {
          subject: "Reset your password",
          lines: [
            `Hello, ${mail.name}.`,
            "We received a request to reset your account's password. Choose a new one with the link below.",
            `The link works for ${mail.expiresInMinutes} minutes and only once. If you did not ask for it, ignore this e-mail.`,
          ],
          link: { href: mail.link, label: "Reset password" },
        },
};

export function renderSignInMail(mail: SignInMail, locale: MailLocale): RenderedMail {
  return renderCopy(COPY[locale](mail));
}
