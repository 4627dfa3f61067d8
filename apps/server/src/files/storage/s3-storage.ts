import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import { StorageUnavailableError, StorageUnusableError, storedFileMissing, type FileStorage, type StoredFile } from './file-storage';
import { keySegments, type StorageKey } from './storage-keys';
import { PROJECT_FILE_CONTENT_TYPES } from '../project-files';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, Scaleway,
 * OVH...), under the object names `{S3_PREFIX}{key}`. Uploads are sent with
 * their known length straight from the local temporary file, so a 20 MB file
 * is never held in memory; downloads are streamed from the bucket to the
 * client. A PUT replaces an object whole: readers see the old or the new one.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where the API requires them: the SDK's default (a CRC trailer with aws-chunked
    // encoding) is refused, or stored as is, by several S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails in seconds (then 503), not after the system's TCP timeout.
    requestHandler: { connectionTimeout: 5_000 },
  });
  /** Every call: a storage that does not answer becomes a StorageUnavailableError (503). */
  const send: S3Client['send'] = (async (command: Parameters<S3Client['send']>[0]) => {
    try {
      return await client.send(command);
    } catch (error) {
      throw isUnavailable(error) ? new StorageUnavailableError(error) : error;
    }
  }) as S3Client['send'];
  const Bucket = settings.bucket;
  const objectName = (key: StorageKey) => `${settings.prefix}${keySegments(key).join('/')}`;

  return {
    description: `S3 (${settings.endpoint ?? `AWS ${settings.region}`}, compartiment ${Bucket}${settings.prefix ? `, préfixe ${settings.prefix}` : ''})`,

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const why = status === 404 ? "n'existe pas" : status === 403 ? 'refuse ces identifiants' : `ne répond pas (${describe(error)})`;
        throw new StorageUnusableError(`Le stockage S3 est inutilisable : le compartiment « ${Bucket} » ${why}.`);
      }
    },

    async putFile(key, localPath) {
      try {
        const { size } = await stat(localPath);
        await send(
          new PutObjectCommand({
            Bucket,
            Key: objectName(key),
            Body: createReadStream(localPath),
            ContentLength: size,
            ContentType: contentTypeOf(key),
          }),
        );
      } finally {
        await rm(localPath, { force: true });
      }
    },

    async putBuffer(key, content) {
      await send(
        new PutObjectCommand({
          Bucket,
          Key: objectName(key),
          Body: content,
          ContentLength: content.length,
          ContentType: contentTypeOf(key),
        }),
      );
    },

    async open(key): Promise<StoredFile> {
      try {
        const answer = await send(new GetObjectCommand({ Bucket, Key: objectName(key) }));
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (statusOf(error) === 404) throw storedFileMissing();
        throw error;
      }
    },

    async size(key) {
      try {
        return (await send(new HeadObjectCommand({ Bucket, Key: objectName(key) }))).ContentLength;
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        throw error;
      }
    },

    async remove(key) {
      // S3 answers 204 whether or not the object existed.
      await send(new DeleteObjectCommand({ Bucket, Key: objectName(key) }));
    },
  };
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EPIPE',
]);

/** The service down or unreachable, as opposed to a refusal (403: keys or policy) or a programming error. */
function isUnavailable(error: unknown): boolean {
  const status = statusOf(error) ?? (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 500;
  const { code, name } = error as { code?: string; name?: string };
  return NETWORK_ERRORS.has(code ?? '') || name === 'TimeoutError';
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Recorded on the object for whoever browses the bucket; the server sets its own type when serving. */
function contentTypeOf(key: StorageKey): string {
  return PROJECT_FILE_CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
