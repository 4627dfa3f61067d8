import { describe, expect, it } from 'vitest';
import { civilStatusDefinition } from '../questionnaires/index';
import {
  accountDeletionSchema,
  deletedAccountEmail,
  isDeletedAccountEmail,
  isDraftStatus,
  isPurgeableStatus,
  PERSONAL_DATA_MESSAGES,
  questionnaireAnswersCsv,
} from './personal-data';

describe('each person’s data', () => {
  it('calls a file a draft until it is sent (status 3), and purges drafts and "Sans suite" files only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(isDraftStatus)).toEqual([true, true, false, false, false, false, false]);
    expect([1, 2, 3, 4, 5, 6, 7].map(isPurgeableStatus)).toEqual([true, true, false, false, false, false, true]);
  });

  it('gives a deleted account an address no mail reaches, recognised whatever its case', () => {
    expect(deletedAccountEmail(42)).toBe('compte-42@compte-supprime.invalid');
    expect(isDeletedAccountEmail('Compte-42@Compte-Supprime.INVALID')).toBe(true);
    expect(isDeletedAccountEmail('compte-42@compte-supprime.invalid.example.fr')).toBe(false);
    expect(isDeletedAccountEmail('lea@exemple.fr')).toBe(false);
  });

  it('writes a questionnaire as the screens say it, in the definition’s order, keeping an answer the definition no longer knows', () => {
    const csv = questionnaireAnswersCsv(civilStatusDefinition, { first_name: 'Léa', last_name: '=HYPERLINK("x")', ancien_champ: 'gardé' });
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Étape;Question;Champ;Réponse');
    expect(lines.indexOf(lines.find((l) => l.includes('Nom de naissance'))!)).toBeLessThan(
      lines.indexOf(lines.find((l) => l.includes('Prénoms'))!),
    );
    expect(lines.find((l) => l.includes('Nom de naissance'))).toMatch(/;Nom de naissance;"'=HYPERLINK\(""x""\)"$/);
    expect(lines.at(-1)).toBe(';;ancien_champ;gardé');
    expect(questionnaireAnswersCsv(undefined, { a: 1 }).slice(1)).toBe('Étape;Question;Champ;Réponse\r\n;;a;1\r\n');
  });

  it('asks for the password and an explicit confirmation before a deletion', () => {
    expect(accountDeletionSchema.safeParse({ password: 'x', confirm: true }).success).toBe(true);
    const refused = accountDeletionSchema.safeParse({ password: 'x', confirm: 'true' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(PERSONAL_DATA_MESSAGES.confirmationRequired);
    expect(accountDeletionSchema.safeParse({ password: '', confirm: true }).error?.issues[0]?.message).toBe(
      PERSONAL_DATA_MESSAGES.passwordRequired,
    );
  });
});
