import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertKey, type BlobStore, createStorage, type Storage, storageUrl } from './storage';

/** An S3-compatible bucket (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const notFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Blobs in an S3-compatible bucket, addressed by path (`<endpoint>/<bucket>/<key>`), as MinIO and others expect. */
export function createS3BlobStore(config: S3Config): BlobStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  const stream = async (key: string): Promise<Readable | null> => {
    assertKey(key);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const body = await stream(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream,
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    url: storageUrl,
  };
}

/** The storage the configuration names: the bucket when S3_BUCKET is set, else the data directory. */
export function configuredStorage(config: { storageDir: string; s3: S3Config | null }): Storage {
  return createStorage(config.storageDir, config.s3 ? createS3BlobStore(config.s3) : undefined);
}
