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
    expect(first).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      env: 'development',
    });
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

  it('reads how copies of data are built and abandoned files purged (issue 26), refusing a purge under 2 months', () => {
    expect(readConfig({ DATA_DIR: dir }).personalData).toEqual({
      exportIntervalMs: 10_000,
      purgeAfterMonths: 24,
      purgeIntervalMs: 3_600_000,
    });
    expect(
      readConfig({ DATA_DIR: dir, DATA_EXPORT_INTERVAL_MS: '0', PURGE_AFTER_MONTHS: '36', PURGE_INTERVAL_MS: '0' }).personalData,
    ).toEqual({
      exportIntervalMs: 0,
      purgeAfterMonths: 36,
      purgeIntervalMs: 0,
    });
    expect(() => readConfig({ DATA_DIR: dir, PURGE_AFTER_MONTHS: '1', DATA_EXPORT_INTERVAL_MS: '-5' })).toThrow(
      /DATA_EXPORT_INTERVAL_MS[\s\S]*PURGE_AFTER_MONTHS|PURGE_AFTER_MONTHS[\s\S]*DATA_EXPORT_INTERVAL_MS/,
    );
  });

  it('reads the bridge of the drafting software, which needs its service key', () => {
    expect(readConfig({ DATA_DIR: dir }).bridge).toBeNull();
    expect(readConfig({ DATA_DIR: dir, BRIDGE_URL: 'http://127.0.0.1:4100/', BRIDGE_SERVICE_KEY: 'cle' }).bridge).toEqual({
      url: 'http://127.0.0.1:4100',
      serviceKey: 'cle',
    });
    expect(() => readConfig({ DATA_DIR: dir, BRIDGE_URL: 'http://127.0.0.1:4100' })).toThrow(
      /BRIDGE_SERVICE_KEY: requise quand BRIDGE_URL est renseignée/,
    );
    expect(() => readConfig({ DATA_DIR: dir, BRIDGE_URL: 'ftp://x', BRIDGE_SERVICE_KEY: 'cle' })).toThrow(/BRIDGE_URL/);
  });

  it('stores files on local disk unless S3_BUCKET names a bucket', () => {
    expect(readConfig({ DATA_DIR: dir }).s3).toBeNull();
    expect(readConfig({ DATA_DIR: dir, S3_BUCKET: 'dossiers' }).s3).toEqual({
      bucket: 'dossiers',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      readConfig({
        DATA_DIR: dir,
        S3_BUCKET: 'dossiers',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'fr-par',
        S3_ACCESS_KEY_ID: 'cle',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'notadoo/prod',
      }).s3,
    ).toEqual({
      bucket: 'dossiers',
      endpoint: 'http://127.0.0.1:9000',
      region: 'fr-par',
      credentials: { accessKeyId: 'cle', secretAccessKey: 'secret' },
      // A custom endpoint is most often a self-hosted server, addressed by path.
      forcePathStyle: true,
      prefix: 'notadoo/prod/',
    });
    expect(
      readConfig({ DATA_DIR: dir, S3_BUCKET: 'b1', S3_ENDPOINT: 'https://s3.example.fr', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses S3 settings without a bucket, a lone key, a path in the prefix and a malformed endpoint', () => {
    expect(() => readConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'x/' })).toThrow(
      /S3_BUCKET: requise quand S3_ENDPOINT, S3_PREFIX sont renseignées/,
    );
    expect(() => readConfig({ DATA_DIR: dir, S3_BUCKET: 'b1', S3_ACCESS_KEY_ID: 'cle' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble/,
    );
    expect(() => readConfig({ DATA_DIR: dir, S3_BUCKET: 'b1', S3_PREFIX: '../autre' })).toThrow(/S3_PREFIX/);
    expect(() => readConfig({ DATA_DIR: dir, S3_BUCKET: 'b1', S3_PREFIX: '/racine' })).toThrow(/S3_PREFIX/);
    expect(() => readConfig({ DATA_DIR: dir, S3_BUCKET: 'b1', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => readConfig({ DATA_DIR: dir, S3_BUCKET: 'a/b' })).toThrow(/S3_BUCKET/);
  });
});
