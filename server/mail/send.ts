/**
 * Sends one queued e-mail: through SMTP (nodemailer) when SMTP_URL is set; otherwise (sandbox)
 * keeps it in sent_emails, readable at GET /v4/i/sandbox/emails. The outbox event's id is the
 * kept e-mail's id, so a relayed-again event is kept once.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../config";
import type { Db } from "../db/client";
import type { QueuedMail } from "./outbox";

const transports = new Map<string, Transporter>();

function smtp(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

export async function sendMail(db: Db, id: string, mail: QueuedMail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = config();
  if (SMTP_URL) {
    await smtp(SMTP_URL).sendMail({
      from: MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return;
  }
  await db.sentEmail.upsert({
    where: { id },
    create: {
      id,
      ownerId: mail.ownerId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
    },
    update: {},
  });
}

export type KeptEmail = { to: string; subject: string; text: string; links: string[]; sentAt: Date };

/** The kept e-mails sent to `to` on the owner's behalf, newest first. */
export async function keptEmails(db: Db, ownerId: string, to: string, limit = 50): Promise<KeptEmail[]> {
  return db.sentEmail.findMany({
    where: { ownerId, to: to.trim().toLowerCase() },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { to: true, subject: true, text: true, links: true, sentAt: true },
  });
}
