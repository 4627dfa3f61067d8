import type { MailMessage } from './mailer';

/** Short French mails with one call-to-action link; text and HTML bodies say the same. */
export function mailWithLink(input: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  link: string;
}): MailMessage {
  const text = [input.greeting, '', ...input.lines, '', `${input.action} : ${input.link}`, '', "L'équipe Notadoo"].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2a44">
<p>${escapeHtml(input.greeting)}</p>
${input.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="background:#1c4f8c;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(input.action)}</a></p>
<p style="font-size:12px;color:#667">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur : ${escapeHtml(input.link)}</p>
<p>L'équipe Notadoo</p>
</body></html>`;
  return { to: input.to, subject: input.subject, text, html, link: input.link };
}

export function confirmEmailMail(to: string, firstName: string, link: string): MailMessage {
  return mailWithLink({
    to,
    subject: 'Confirmez votre adresse email',
    greeting: `Bonjour ${firstName},`,
    lines: [
      'Merci pour votre inscription sur Notadoo.',
      'Pour confirmer votre adresse email, cliquez sur le lien ci-dessous. Il est valable 48 heures.',
    ],
    action: 'Confirmer mon adresse email',
    link,
  });
}

export function resetPasswordMail(to: string, firstName: string, link: string): MailMessage {
  return mailWithLink({
    to,
    subject: 'Réinitialisation de votre mot de passe',
    greeting: `Bonjour ${firstName},`,
    lines: [
      'Vous avez demandé à réinitialiser votre mot de passe Notadoo.',
      "Ce lien est valable une heure et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
    ],
    action: 'Choisir un nouveau mot de passe',
    link,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export function projectSubmittedMail(to: string, projectName: string, submittedBy: string, link: string): MailMessage {
  return mailWithLink({
    to,
    subject: `Nouveau dossier transmis : ${projectName}`,
    greeting: 'Bonjour,',
    lines: [`${submittedBy} vient de transmettre le dossier « ${projectName} » à votre office.`, 'Il est prêt pour votre relecture.'],
    action: 'Ouvrir le dossier',
    link,
  });
}

export function projectStatusMail(to: string, firstName: string, projectName: string, statusLabel: string, link: string): MailMessage {
  return mailWithLink({
    to,
    subject: `Votre dossier « ${projectName} » : ${statusLabel}`,
    greeting: `Bonjour ${firstName},`,
    lines: [`Le statut de votre dossier « ${projectName} » est désormais : ${statusLabel}.`],
    action: 'Voir mon dossier',
    link,
  });
}

export function invitationMail(input: {
  to: string;
  firstName: string;
  inviter: string;
  projectName: string;
  link: string;
  hasAccount: boolean;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: `${input.inviter} vous invite sur le dossier « ${input.projectName} »`,
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      `${input.inviter} vous a ajouté(e) au dossier « ${input.projectName} » sur Notadoo, la plateforme de votre office notarial.`,
      input.hasAccount
        ? 'Connectez-vous pour consulter le dossier, remplir vos questionnaires et déposer vos documents.'
        : 'Créez votre compte gratuit avec cette adresse email pour consulter le dossier, remplir vos questionnaires et déposer vos documents.',
    ],
    action: input.hasAccount ? 'Accéder au dossier' : 'Créer mon compte',
    link: input.link,
  });
}

/** To the previous address when an e-mail change is asked (issue 9): the owner learns of it even if their session was stolen. */
export function emailChangedMail(to: string, firstName: string, newEmail: string, link: string): MailMessage {
  return mailWithLink({
    to,
    subject: 'Changement de votre adresse email',
    greeting: `Bonjour ${firstName},`,
    lines: [
      `Une demande de changement de l'adresse email de votre compte Notadoo vers ${newEmail} vient d'être faite.`,
      "Votre adresse actuelle reste celle du compte tant que la nouvelle n'a pas été confirmée. Vos autres sessions ont été fermées.",
      "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe sans attendre et prévenez votre office notarial.",
    ],
    action: 'Changer mon mot de passe',
    link,
  });
}

/**
 * To the owner of an address someone asked to put on another account: that
 * person is not told the address is taken (it would tell who has an
 * account), so its owner is, and nothing of their account changes.
 */
export function emailUseAttemptMail(to: string, firstName: string, link: string): MailMessage {
  return mailWithLink({
    to,
    subject: 'Tentative d’utilisation de votre adresse email',
    greeting: `Bonjour ${firstName},`,
    lines: [
      `Quelqu'un vient de demander à utiliser votre adresse ${to} pour un autre compte Notadoo. Votre compte n'a pas été modifié et cette adresse ne sera pas attribuée à un autre compte.`,
      "Si vous êtes à l'origine de cette demande, vous avez déjà un compte avec cette adresse : connectez-vous avec elle. Sinon, vous pouvez ignorer ce message.",
    ],
    action: 'Me connecter',
    link,
  });
}

/** Issue 22: to the person when the office sends a piece back; the link opens that piece (after signing in). */
export function pieceToCorrectMail(input: {
  to: string;
  firstName: string;
  projectName: string;
  pieceLabel: string;
  reason: string;
  text: string | null;
  link: string;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: `Une pièce de votre dossier « ${input.projectName} » est à corriger`,
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      `Votre office notarial vous demande d'envoyer à nouveau la pièce « ${input.pieceLabel} » du dossier « ${input.projectName} ».`,
      `Motif : ${input.reason}.`,
      ...(input.text ? [`Commentaire de l'office : ${input.text}`] : []),
    ],
    action: 'Envoyer la pièce',
    link: input.link,
  });
}

/** Issue 22: to the office when pieces arrive on a file, at most one an hour per file. */
export function piecesReceivedMail(input: { to: string; projectName: string; senderName: string; link: string }): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: `Nouvelles pièces à examiner : ${input.projectName}`,
    greeting: 'Bonjour,',
    lines: [
      `${input.senderName} vient de déposer une pièce sur le dossier « ${input.projectName} ».`,
      "D'autres ont pu suivre : ce message n'est envoyé qu'une fois par heure et par dossier.",
    ],
    action: 'Examiner les pièces',
    link: input.link,
  });
}

/** One file of a reminder: its pieces still awaited, each with the link that opens it (after signing in). */
export interface ReminderMailFile {
  projectName: string;
  pieces: ReadonlyArray<{ label: string; stateLabel: string; link: string }>;
}

/**
 * Issue 22: to a person who still owes pieces, at most one a day, listing
 * every file due. Names and states of the pieces only, never their content.
 */
export function piecesReminderMail(input: {
  to: string;
  firstName: string;
  files: readonly ReminderMailFile[];
  fromOffice: boolean;
}): MailMessage {
  const [first] = input.files;
  const single = input.files.length === 1 && first !== undefined;
  return mailWithLink({
    to: input.to,
    subject: single
      ? `Rappel : des pièces sont attendues pour votre dossier « ${first.projectName} »`
      : `Rappel : des pièces sont attendues pour ${input.files.length} de vos dossiers`,
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      input.fromOffice
        ? 'Votre office notarial vous rappelle que des pièces sont encore attendues de votre part :'
        : 'Des pièces sont encore attendues de votre part pour avancer :',
      ...input.files.flatMap((file) => [
        `Dossier « ${file.projectName} » :`,
        ...file.pieces.map((piece) => `– ${piece.label} (${piece.stateLabel}) : ${piece.link}`),
      ]),
      "Vous recevez ce rappel parce que rien n'a changé depuis plusieurs jours. Il s'arrête dès que toutes vos pièces sont envoyées.",
    ],
    action: 'Envoyer mes pièces',
    link: first?.pieces[0]?.link ?? '',
  });
}

/** Issue 22: to the office, once, when three reminders did not move a person (21 quiet days). */
export function piecesStalledMail(input: {
  to: string;
  personName: string;
  projectName: string;
  daysWithoutChange: number;
  pieceLabels: readonly string[];
  link: string;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: `Pièces toujours attendues : ${input.projectName}`,
    greeting: 'Bonjour,',
    lines: [
      `${input.personName} n'a rien envoyé depuis ${input.daysWithoutChange} jours sur le dossier « ${input.projectName} », malgré trois rappels.`,
      `Pièces attendues : ${input.pieceLabels.join(', ')}.`,
      "Les rappels automatiques s'arrêtent pour ce dossier : un contact de l'office sera sans doute plus efficace.",
    ],
    action: 'Voir les pièces du dossier',
    link: input.link,
  });
}

/** To the file's people when it is archived or brought back: it leaves or comes back to their list of files. */
export function projectArchiveMail(input: {
  to: string;
  firstName: string;
  projectName: string;
  actor: string;
  archived: boolean;
  link: string;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: input.archived ? `Dossier archivé : ${input.projectName}` : `Dossier restauré : ${input.projectName}`,
    greeting: `Bonjour ${input.firstName},`,
    lines: input.archived
      ? [
          `${input.actor} a archivé le dossier « ${input.projectName} ».`,
          "Il n'apparaît plus dans la liste de vos dossiers ; vous le retrouvez avec le filtre « Archivés ». Pour toute question, contactez votre office notarial.",
        ]
      : [`${input.actor} a restauré le dossier « ${input.projectName} ».`, 'Il apparaît de nouveau dans la liste de vos dossiers.'],
    action: 'Voir le dossier',
    link: input.link,
  });
}

/** To the office a file leaves and the one it goes to. */
export function officeMoveOfficeMail(input: {
  to: string;
  projectName: string;
  actor: string;
  fromCity: string;
  toCity: string;
  incoming: boolean;
  link: string;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: input.incoming
      ? `Dossier confié à votre office : ${input.projectName}`
      : `Dossier confié à un autre office : ${input.projectName}`,
    greeting: 'Bonjour,',
    lines: [
      `${input.actor} a confié le dossier « ${input.projectName} », jusqu'ici suivi par l'office de ${input.fromCity}, à l'office de ${input.toCity}.`,
      input.incoming
        ? 'Votre office peut désormais consulter le dossier et les informations de ses clients.'
        : "Votre office n'a plus accès à ce dossier.",
    ],
    action: input.incoming ? 'Ouvrir le dossier' : 'Aller sur Notadoo',
    link: input.link,
  });
}

/** To the file's people when it moves to another office. */
export function officeMovePersonMail(input: {
  to: string;
  firstName: string;
  projectName: string;
  actor: string;
  fromCity: string;
  toCity: string;
  link: string;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: `Votre dossier « ${input.projectName} » change d'office notarial`,
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      `${input.actor} a confié le dossier « ${input.projectName} » à l'office notarial de ${input.toCity}, à la place de l'office de ${input.fromCity}.`,
      `Seul l'office de ${input.toCity} peut désormais consulter les informations que vous y avez renseignées.`,
    ],
    action: 'Voir mon dossier',
    link: input.link,
  });
}

/** To a user whose intermediary rights an admin has just granted. */
export function intermediaryGrantedMail(input: { to: string; firstName: string; link: string }): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: "Vos droits d'intermédiaire immobilier sont activés",
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      "Un administrateur Notadoo vient de vous accorder les droits d'intermédiaire immobilier.",
      "Vous pouvez désormais créer des dossiers et y participer en tant qu'intermédiaire immobilier.",
    ],
    action: 'Accéder à mes dossiers',
    link: input.link,
  });
}

/**
 * Issue 28: a message (or several, within a minute) waits on a file. Never
 * its content: a mailbox is read by more than its owner, and the file is
 * where the notary's words belong. Only who sent it and the link.
 */
export function messageWaitingMail(input: {
  to: string;
  projectName: string;
  count: number;
  fromOffice: boolean;
  link: string;
}): MailMessage {
  const what = input.count > 1 ? `${input.count} nouveaux messages vous attendent` : 'Un nouveau message vous attend';
  return mailWithLink({
    to: input.to,
    subject: `${input.count > 1 ? 'Nouveaux messages' : 'Nouveau message'} sur le dossier « ${input.projectName} »`,
    greeting: 'Bonjour,',
    lines: [
      `${what} sur le dossier « ${input.projectName} »${input.fromOffice ? ', de la part de votre office notarial' : ''}.`,
      'Pour le lire et y répondre, connectez-vous à votre espace : par sécurité, son contenu ne figure pas dans cet e-mail.',
    ],
    action: 'Lire le message',
    link: input.link,
  });
}

/** Issue 27: an admin removed the account's second factor (a lost phone); the owner is told, whoever asked. */
export function secondFactorResetMail(input: { to: string; firstName: string; mandatory: boolean; link: string }): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: 'Votre double authentification a été réinitialisée',
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      'Un administrateur vient de réinitialiser la double authentification de votre compte Notadoo : votre application d’authentification et vos codes de secours ne sont plus acceptés.',
      input.mandatory
        ? 'À votre prochaine connexion, vous configurerez une nouvelle double authentification avant d’accéder à vos dossiers.'
        : 'Vous pouvez en configurer une nouvelle depuis votre profil, rubrique « Sécurité ».',
      'Si vous n’êtes pas à l’origine de cette demande, contactez immédiatement votre administrateur.',
    ],
    action: 'Se connecter',
    link: input.link,
  });
}
