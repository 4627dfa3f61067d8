import { refuseProjectFile, type ChosenFile } from '../documents/project-file-rules';

/** Files one message may carry: a few pieces sent together, not a drawer's worth. Each is a project file (images, PDF, 20 Mo). */
export const MESSAGE_MAX_FILES = 5;

export const MESSAGE_FILE_MESSAGES = {
  tooMany: `Un message ne peut pas joindre plus de ${MESSAGE_MAX_FILES} fichiers.`,
  fileRequired: 'Merci de choisir un fichier à joindre.',
  noAttachment: "Ce message n'a pas cette pièce jointe.",
} as const;

/** Why `file` cannot join a message, prefixed with its name so that the refusal says which one; null when it may. */
export function refuseMessageFile(file: ChosenFile): string | null {
  const refused = refuseProjectFile(file);
  return refused === null ? null : `« ${file.name} » : ${refused}`;
}

/**
 * Splits the files chosen for a message whose draft already holds `kept`:
 * the ones that may join it and why the others may not (each file checked
 * like every upload; past the limit, refused as too many).
 */
export function sortChosenMessageFiles<F extends ChosenFile>(
  kept: readonly F[],
  chosen: readonly F[],
): { accepted: F[]; refusals: string[] } {
  const accepted: F[] = [];
  const refusals: string[] = [];
  let tooMany = false;
  for (const file of chosen) {
    const refused = refuseMessageFile(file);
    if (refused) refusals.push(refused);
    else if (kept.length + accepted.length >= MESSAGE_MAX_FILES) tooMany = true;
    else accepted.push(file);
  }
  if (tooMany) refusals.push(MESSAGE_FILE_MESSAGES.tooMany);
  return { accepted, refusals };
}
