/**
 * Password rule of spec section 5: "longer than 6 characters with at least one
 * digit". Longer than 6 means 7 or more (docs/decisions.md).
 */
export const PASSWORD_MIN_LENGTH = 7;

export function isPasswordStrongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password);
}

/** Each part of the rule separately, for the live checklist of the signup form. */
export function describePasswordRule(password: string): { longEnough: boolean; hasDigit: boolean } {
  return { longEnough: password.length >= PASSWORD_MIN_LENGTH, hasDigit: /\d/.test(password) };
}
