// `npm run dev`: the API server with reload and the Vite dev server with hot reload, side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@notadoo/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@notadoo/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
