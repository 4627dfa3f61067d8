/**
 * Names of the show/hide button of password fields (the theme gives the first
 * to every field). The name does not change when pressed: `aria-pressed` says
 * whether the password is shown.
 */
export const SHOW_PASSWORD_LABEL = 'Afficher le mot de passe';
const SHOW_CONFIRMATION_LABEL = 'Afficher la confirmation du mot de passe';

/** For a confirmation field. */
export const CONFIRMATION_TOGGLE_PROPS = { 'aria-label': SHOW_CONFIRMATION_LABEL } as const;
