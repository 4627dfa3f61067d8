import { CIVILITY_LABELS, CONTACT_REASON_LABELS, type ContactReason } from '@notadoo/domain';
import type { MailMessage } from '../../mail/mailer';

/** Mails to the network's own address: a contact message, an intermediary request. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function mailOfLines(to: string, subject: string, lines: Array<[label: string, value: string]>, body?: string, link?: string): MailMessage {
  const text = [...lines.map(([l, v]) => `${l} : ${v}`), ...(body ? ['', body] : []), ...(link ? ['', link] : [])].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2a44">
<table>${lines.map(([l, v]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(l)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
${body ? `<p style="white-space:pre-wrap">${escapeHtml(body)}</p>` : ''}
${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ''}
</body></html>`;
  return { to, subject, text, html, link };
}

export interface ContactMessageInput {
  civility: 'M' | 'MME';
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  reason: ContactReason;
  message: string;
}

/** Answered from the mailbox with "Reply": `replyTo` is the visitor's address, which the contact schema checked. */
export function contactMail(to: string, networkName: string, input: ContactMessageInput): MailMessage {
  const mail = mailOfLines(
    to,
    `[${networkName}] Contact : ${CONTACT_REASON_LABELS[input.reason]} — ${input.firstName} ${input.lastName}`,
    [
      ['Civilité', CIVILITY_LABELS[input.civility]],
      ['Prénom', input.firstName],
      ['Nom', input.lastName],
      ['Téléphone', input.phone],
      ['Email', input.email],
      ['Motif', CONTACT_REASON_LABELS[input.reason]],
    ],
    input.message,
  );
  return { ...mail, replyTo: input.email };
}

export function intermediaryRequestMail(
  to: string,
  networkName: string,
  user: { firstName: string; lastName: string; email: string },
  adminLink: string,
): MailMessage {
  return mailOfLines(
    to,
    `[${networkName}] Demande de droits d'intermédiaire : ${user.firstName} ${user.lastName}`,
    [
      ['Utilisateur', `${user.firstName} ${user.lastName}`],
      ['Email', user.email],
    ],
    "Cet utilisateur demande les droits d'intermédiaire immobilier. Vous pouvez les accorder en un clic depuis l'administration.",
    adminLink,
  );
}
