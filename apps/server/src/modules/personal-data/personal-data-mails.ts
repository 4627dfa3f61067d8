import type { MailMessage } from '../../mail/mailer';
import { mailWithLink } from '../../mail/templates';

export const frenchDate = (date: Date) =>
  date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' });

/** The copy of one's data is ready: the link opens the "Mes données" section, where only the signed-in owner downloads it. */
export function dataExportReadyMail(input: { to: string; firstName: string; expiresAt: Date; link: string }): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: 'La copie de vos données est prête',
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      'La copie de vos données que vous avez demandée est prête.',
      `Vous pouvez la télécharger depuis votre profil, rubrique « Mes données », jusqu’au ${frenchDate(input.expiresAt)}. Il vous faudra être connecté(e) à votre compte.`,
    ],
    action: 'Télécharger mes données',
    link: input.link,
  });
}

/** To a file's people, 30 days before an abandoned file is purged. */
export function purgeWarningMail(input: {
  to: string;
  firstName: string;
  projectName: string;
  purgeOn: Date;
  months: number;
  link: string;
}): MailMessage {
  return mailWithLink({
    to: input.to,
    subject: `Votre dossier « ${input.projectName} » sera supprimé le ${frenchDate(input.purgeOn)}`,
    greeting: input.firstName ? `Bonjour ${input.firstName},` : 'Bonjour,',
    lines: [
      `Le dossier « ${input.projectName} » n’a pas été modifié depuis ${input.months} mois et n’a jamais été transmis à un office notarial (ou a été classé sans suite).`,
      `Pour protéger vos données, il sera supprimé définitivement le ${frenchDate(input.purgeOn)}, avec ses questionnaires et ses fichiers.`,
      'Pour le garder, il suffit de l’ouvrir et d’y apporter une modification avant cette date.',
    ],
    action: 'Ouvrir le dossier',
    link: input.link,
  });
}
