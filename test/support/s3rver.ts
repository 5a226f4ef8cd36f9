/** A real s3rver (an S3-compatible server from npm) on a free loopback port with a temp folder. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";

/** A running s3rver with one bucket. */
export interface RunningS3rver {
  url: string;
  bucket: string;
  close(): Promise<void>;
}

/** The credentials s3rver accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** Starts s3rver with the bucket `bucket`. */
export async function startS3rver(bucket = "unitc-test"): Promise<RunningS3rver> {
  const directory = await mkdtemp(join(tmpdir(), "unitc-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
