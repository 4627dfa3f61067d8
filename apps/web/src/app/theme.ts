import { createTheme, darken, PasswordInput, TextInput, type CSSVariablesResolver } from '@mantine/core';
import { SHOW_PASSWORD_LABEL } from '../components/password-toggle-labels';

/**
 * Text at least 4.5:1 against its background (WCAG 2.2 AA, 1.4.3): the primary colour is used at
 * shade 7 (white on indigo.6 was 4.32:1), and "dimmed" secondary text is gray.7 instead of gray.6
 * (3.3:1 on white, 3.15:1 on the footer's gray.0).
 */
export const PRIMARY_SHADE = 7;

export const CLOSE_LABEL = 'Fermer';

/** Mantine theme; breakpoints are the specification's 576/768/992/1200 px (spec section 9). */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: PRIMARY_SHADE,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '88em',
  },
  // The focus ring shows for keyboard users only, never hidden entirely.
  focusRing: 'auto',
  // Required fields keep the `required` attribute (read out by screen readers) without a "*" in
  // their label, so a label is exactly its words; forms say in a sentence which fields are required.
  components: {
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    // The show/hide button is reached with Tab like any button. Its name stays the same and `aria-pressed`
    // (set by Mantine) says whether the password is shown: a toggle whose name changed with its state
    // would read "Masquer…, pressed" (WAI-ARIA practices). A field names its own when it is a confirmation.
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        withAsterisk: false,
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': SHOW_PASSWORD_LABEL },
      },
    }),
    // Mantine's close buttons are icons without a name: every one says "Fermer" (axe button-name).
    // Plain objects, not `Modal.extend(...)`: importing the components here would put them in the first visit's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_LABEL } } },
    Alert: { defaultProps: { closeButtonLabel: CLOSE_LABEL } },
    // A table wider than a phone scrolls sideways: keyboard users reach the scroll with Tab (axe scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});

export const LIGHT_VARIANT_DARKENING = 0.3;

/** CSS variables the theme object cannot set: the secondary ("dimmed") text colour and placeholders. */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    // Text of the "light" variants (badges, alerts, initials avatars) on their pale background:
    // shade 9 is 2.7:1 (yellow) to 4.3:1 (teal) on shade 1; darkened by 30 % it passes 4.5:1.
    ...Object.fromEntries(
      Object.entries(resolvedTheme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], LIGHT_VARIANT_DARKENING),
      ]),
    ),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field error messages: red.9 (5.5:1); red.6 is 3.3:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // #6c757d: 4.69:1 on white, still lighter than typed text.
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
