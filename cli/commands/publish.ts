/**
 * `unitc publish [--out DIR]`: puts the compiled bundle in DIR (default generated/) into the user
 * config's storage and moves the head to it, for `unitc serve --published` replicas. Prints the
 * bundle's digest; publishing the bundle the head already names changes nothing.
 */
import { lstat, readdir, readFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { defineCommand } from "citty";
import { KEEP_BUNDLES, publishBundle } from "../../runtime/storage/bundles.js";
import { PublisherKeyError, resolveHeadSigner } from "../../runtime/storage/publisher-key.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { userConfigArg, withStorage } from "../storage-config.js";

/** Every regular file under `dir` (symbolic links are refused: a bundle is self-contained). */
async function bundleFiles(dir: string): Promise<Map<string, Uint8Array> | string> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => undefined);
  if (!entries) return `${dir} is not a folder`;
  const files = new Map<string, Uint8Array>();
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) return `${path} is a symbolic link; a published bundle holds files only`;
    if (!entry.isFile()) continue;
    files.set(relative(dir, path).split(sep).join("/"), await readFile(path));
  }
  if (!files.has("manifest.json") || !(await lstat(join(dir, "manifest.json"))).isFile())
    return `${dir} has no manifest.json`;
  return files;
}

export function publishCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "publish",
      description: "Put the compiled bundle into storage for unitc serve --published",
    },
    args: {
      out: {
        type: "string",
        description: "The compiled bundle's folder (default generated)",
        valueHint: "DIR",
      },
      ...userConfigArg,
    },
    run: async ({ args }) => {
      const dir = resolve(io.cwd, args.out ?? "generated");
      const files = await bundleFiles(dir);
      if (typeof files === "string") {
        io.stderr(
          `unitc publish: BUNDLE_NOT_FOUND ${files}\nhint: run unitc compile first, or point --out at its output\n`,
        );
        return setExit(EXIT_ERRORS);
      }
      await withStorage(io, "publish", args["user-config"], setExit, async ({ store, settings, key }) => {
        let signer: Awaited<ReturnType<typeof resolveHeadSigner>>;
        try {
          signer = await resolveHeadSigner(settings, key, io.env);
        } catch (error) {
          if (!(error instanceof PublisherKeyError)) throw error;
          io.stderr(`unitc publish: ${error.code} ${error.message}\nhint: ${error.hint}\n`);
          return EXIT_ERRORS;
        }
        const result = await publishBundle(store, files, signer);
        io.stdout(`${result.digest}\n`);
        const by = signer.alg === "ed25519" ? `publisher key ${signer.keyId}` : "the vault-derived key";
        io.stderr(
          result.published
            ? `unitc publish: published ${files.size} files to ${store.provider} ${store.location}, signed by ${by}; the last ${KEEP_BUNDLES} bundles are kept\n`
            : "unitc publish: already the published bundle; nothing changed\n",
        );
        return EXIT_OK;
      });
    },
  });
}
