import { z } from 'zod';

// Zod's own messages (wrong type, missing field...) in French, for the server's
// 400 answers and the web forms alike. Our schemas' explicit messages win.
z.config(z.locales.fr());
