import { createTheme, PasswordInput, TextInput } from '@mantine/core';

/** Mantine theme; breakpoints are the specification's 576/768/992/1200 px (spec section 9). */
export const theme = createTheme({
  primaryColor: 'indigo',
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
    PasswordInput: PasswordInput.extend({ defaultProps: { withAsterisk: false } }),
  },
});
