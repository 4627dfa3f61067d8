/** The server as the root `npm start` runs it once the web app is built: the bench measures exactly this. */
export const SERVER_COMMAND = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
