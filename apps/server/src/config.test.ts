import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('configuration from the environment', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'notadoo-config-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('has embedded defaults, and generates a JWT secret once and keeps it in DATA_DIR', async () => {
    const first = readConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({ port: 3000, databaseUrl: undefined, smtpUrl: undefined, publicUrl: 'http://localhost:3000', env: 'development' });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(readConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('names every bad variable in one error', () => {
    expect(() => readConfig({ DATA_DIR: dir, PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*SMTP_URL[\s\S]*NODE_ENV/,
    );
  });

  it('reads every variable it documents', () => {
    const config = readConfig({
      PORT: '4000',
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@h:5432/db',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://dossiers.notadoo.fr/',
      SMTP_URL: 'smtp://relay:25',
      MAIL_FROM: 'Office <office@notadoo.fr>',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 4000,
      databaseUrl: 'postgres://u@h:5432/db',
      jwtSecret: 'x'.repeat(40),
      publicUrl: 'https://dossiers.notadoo.fr',
      smtpUrl: 'smtp://relay:25',
      mailFrom: 'Office <office@notadoo.fr>',
      env: 'production',
    });
  });

  it('reads the bridge of the drafting software, which needs its service key', () => {
    expect(readConfig({ DATA_DIR: dir }).bridge).toBeNull();
    expect(readConfig({ DATA_DIR: dir, BRIDGE_URL: 'http://127.0.0.1:4100/', BRIDGE_SERVICE_KEY: 'cle' }).bridge).toEqual({ url: 'http://127.0.0.1:4100', serviceKey: 'cle' });
    expect(() => readConfig({ DATA_DIR: dir, BRIDGE_URL: 'http://127.0.0.1:4100' })).toThrow(/BRIDGE_SERVICE_KEY: requise quand BRIDGE_URL est renseignée/);
    expect(() => readConfig({ DATA_DIR: dir, BRIDGE_URL: 'ftp://x', BRIDGE_SERVICE_KEY: 'cle' })).toThrow(/BRIDGE_URL/);
  });
});
