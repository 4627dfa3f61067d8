import { NO_ANSWER_TEXT, type AnswerChangeLine } from '@notadoo/domain';
import type { MailMessage } from '../../mail/mailer';
import { mailWithLink } from '../../mail/templates';

const quoted = (text: string | null) => (text === null ? NO_ANSWER_TEXT : `« ${text} »`);

/**
 * The summary of the office's changes to a client's questionnaire. Every
 * text (answers typed by the office, labels, names) goes through the
 * template's escaping: an answer holding HTML reads as text in the mail.
 */
export function answerChangesMail(input: {
  to: string;
  firstName: string;
  questionnaireTitle: string;
  projectName: string;
  lines: readonly AnswerChangeLine[];
  link: string;
}): MailMessage {
  const count = input.lines.length;
  return mailWithLink({
    to: input.to,
    subject: `Votre office a modifié vos réponses : ${input.questionnaireTitle}`,
    greeting: `Bonjour ${input.firstName},`,
    lines: [
      `Votre office notarial a modifié ${count > 1 ? `${count} réponses` : 'une réponse'} de votre questionnaire « ${input.questionnaireTitle} » (dossier « ${input.projectName} ») :`,
      ...input.lines.map((line) => `${line.label} : ${quoted(line.before)} → ${quoted(line.after)}`),
      "Dans le questionnaire, ces réponses portent la mention « Modifié par l'office notarial ». Si l'une d'elles vous semble inexacte, corrigez-la ou contactez votre office.",
    ],
    action: 'Voir mon dossier',
    link: input.link,
  });
}
