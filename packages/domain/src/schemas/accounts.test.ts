import { describe, expect, it } from 'vitest';
import { loginSchema, resetPasswordFormSchema, signupSchema, userPatchSchema } from '../index';

const signup = {
  email: ' Lea@Exemple.FR ',
  password: 'Secret123',
  passwordConfirm: 'Secret123',
  firstName: 'Léa',
  lastName: 'Moreau',
};

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('account payloads', () => {
  it('normalises the e-mail and reads the intermediary checkbox in all its forms', () => {
    expect(signupSchema.parse(signup)).toMatchObject({ email: 'lea@exemple.fr', intermediary: false });
    for (const yes of ['yes', 'true', '1', 'on', true])
      expect(signupSchema.parse({ ...signup, intermediary: yes }).intermediary).toBe(true);
    for (const no of ['no', 'false', '0', '', false]) expect(signupSchema.parse({ ...signup, intermediary: no }).intermediary).toBe(false);
  });

  it('gives the exact French messages of the spec', () => {
    expect(messages(signupSchema.safeParse({ ...signup, passwordConfirm: 'Autre123' }))).toEqual([
      "Vous n'avez pas saisi le même mot de passe",
    ]);
    expect(messages(signupSchema.safeParse({ ...signup, password: 'court1', passwordConfirm: 'court1' }))).toEqual([
      'Votre mot de passe doit contenir au moins 6 caractères et 1 chiffre.',
    ]);
    expect(messages(resetPasswordFormSchema.safeParse({ password: 'Secret123', passwordConfirm: 'x' }))).toEqual([
      'Les deux mots de passe doivent être identiques.',
    ]);
    expect(messages(userPatchSchema.safeParse({ passwordNew: 'Secret123', passwordNewConfirm: 'x' }))).toEqual([
      'Merci de confirmer votre nouveau mot de passe.',
    ]);
  });

  it("speaks French for zod's own messages too", () => {
    const result = loginSchema.safeParse({ login: 'a@b.fr', password: 'x', remember: 5 });
    expect(messages(result)[0]).toMatch(/^Entrée invalide/);
  });
});
