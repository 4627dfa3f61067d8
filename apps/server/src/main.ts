/**
 * The server's entry point (`npm start`). The process first takes the young
 * generation its database needs, replacing itself if it has to
 * (young-generation.ts), and only then loads the server: the process
 * replaced has loaded next to nothing.
 */
import { startWithYoungGeneration } from './young-generation';

// As the configuration reads it (config.ts): an empty DATABASE_URL names no database.
startWithYoungGeneration(Boolean(process.env.DATABASE_URL));
const { startServer, stopOnStartFailure } = await import('./start-server');
startServer().catch(stopOnStartFailure);
