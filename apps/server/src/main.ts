/**
 * The server's entry point (`npm start`). The process first takes the V8
 * flags its database needs, replacing itself if it has to (v8-flags.ts),
 * and only then loads the server: the process replaced has loaded next to
 * nothing.
 */
import { startWithDatabaseFlags } from './v8-flags';

// As the configuration reads it (config.ts): an empty DATABASE_URL names no database.
startWithDatabaseFlags(Boolean(process.env.DATABASE_URL));
const { startServer, stopOnStartFailure } = await import('./start-server');
startServer().catch(stopOnStartFailure);
