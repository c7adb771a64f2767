// npm run dev: Vite with hot reload on PORT (3000) and the API, restarted on change, on API_PORT (3001).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` };

const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', () => {
    stop();
    process.exitCode = 1;
  });
