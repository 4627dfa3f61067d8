import { MESSAGES, signupSchema } from '@notadoo/domain';
import { z } from 'zod';
import type { SignupRequest } from '../api/signup';

/**
 * The signup form: the domain's signupSchema for the account fields, plus the
 * terms box, which only the form has. Every rule is delegated to the domain so
 * it is not written twice; issues keep the field paths of the form.
 */
export const signupFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    password: z.string(),
    passwordConfirm: z.string(),
    terms: z.boolean(),
    intermediary: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const { terms: _terms, ...account } = form;
    const result = signupSchema.safeParse(account);
    for (const issue of result.success ? [] : result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    if (!form.terms) ctx.addIssue({ code: 'custom', message: MESSAGES.termsRequired, path: ['terms'] });
  })
  .transform((form): SignupRequest => {
    const { terms: _terms, ...account } = form;
    const clean = signupSchema.parse(account);
    return {
      login: clean.email,
      email: clean.email,
      password: clean.password,
      passwordConfirm: clean.passwordConfirm,
      firstName: clean.firstName,
      lastName: clean.lastName,
      intermediary: form.intermediary ? 'yes' : 'no',
    };
  });

export type SignupFormValues = z.input<typeof signupFormSchema>;
