/**
 * `unitc publish keygen FILE`: makes an Ed25519 publisher key pair. The private half (its 32-byte
 * seed, base64url) goes to FILE, owner-only and never over an existing file; the public half is
 * printed on stdout, with the settings that use them on stderr. Publishers set `storage.publishKey`
 * to `file:FILE` (or an `env:` variable holding it); replicas set `storage.publisherPublicKey`.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { defineCommand } from "citty";
import { generatePublisherKeys } from "../../runtime/storage/publisher-key.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";

function keygenCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "keygen",
      description: "Make a publisher key pair: the private key to FILE, the public key printed",
    },
    args: {
      file: {
        type: "positional",
        required: true,
        description: "Where to write the private key (created owner-only; never overwritten)",
        valueHint: "FILE",
      },
    },
    async run({ args }) {
      const path = resolve(io.cwd, args.file);
      const keys = generatePublisherKeys();
      try {
        await writeFile(path, `${keys.seed}\n`, { mode: 0o600, flag: "wx" });
      } catch (error) {
        const exists = (error as NodeJS.ErrnoException).code === "EEXIST";
        io.stderr(
          `unitc publish keygen: PUBLISH_KEY_INVALID cannot write ${path}: ${exists ? "it exists already" : (error as Error).message}\nhint: ${exists ? "pick a new file; an existing key is never overwritten" : "pick a folder you can write to"}\n`,
        );
        return setExit(EXIT_ERRORS);
      }
      io.stdout(`${keys.publicKey}\n`);
      io.stderr(
        [
          `publisher key ${keys.keyId}: the private key is in ${path} (mode 0600); keep it where only publishing runs`,
          `  publisher (unitc publish):  storage.publishKey: "file:${path}"`,
          `  replicas (unitc serve --published):  storage.publisherPublicKey: "${keys.publicKey}"`,
          "",
        ].join("\n"),
      );
      return setExit(EXIT_OK);
    },
  });
}

/** `unitc publish` as far as `unitc publish keygen` needs it: only its `keygen` subcommand. */
export function publishKeygenCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "publish",
      description: "Put the compiled bundle into storage for unitc serve --published",
    },
    subCommands: { keygen: keygenCommand(io, setExit) },
  });
}
