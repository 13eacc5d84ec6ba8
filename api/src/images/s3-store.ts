import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { checkKey, contentTypeOf, type ImageStore } from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

function isMissing(sdk: Sdk, error: unknown): boolean {
  return error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * Objects in an S3-compatible bucket, under the same keys as on disk. Credentials come from the
 * SDK's usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the machine's role).
 */
export class S3ImageStore implements ImageStore {
  readonly name = 's3';
  private readonly config: S3Config;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(config: S3Config) {
    this.config = config;
  }

  /** The SDK is loaded on first use: it takes a noticeable while, which servers without a bucket never spend. */
  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        // Other providers seldom have a DNS name per bucket.
        forcePathStyle: this.config.endpoint !== undefined,
        // Checksums only where the protocol demands them: not every S3-compatible service knows the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.connection;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.PutObjectCommand({
      Bucket: this.config.bucket,
      Key: checkKey(key),
      Body: data,
      ContentLength: data.length,
      ContentType: contentTypeOf(key),
      // Served from the bucket's public address too: a key's file never changes.
      CacheControl: 'public, max-age=31536000, immutable',
    }));
  }

  async read(key: string): Promise<Buffer | null> {
    const file = await this.open(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
      if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) throw new Error('The bucket answered without a body or its length.');
      return { stream: answer.Body, size: answer.ContentLength };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  /** The keys under `prefix`, in the bucket's order (by name). */
  async list(prefix: string): Promise<string[]> {
    const { sdk, client } = await this.connect();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    // Deleting a key that is not there succeeds.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: checkKey(key) }));
  }
}
