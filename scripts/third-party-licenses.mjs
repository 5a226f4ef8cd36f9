// Writes the licences of the packages the bundles inline (dist/THIRD_PARTY_LICENSES.md, shipped in
// the package): the bundles carry their code but not their files, and most licences (MIT, ISC, BSD)
// ask that the licence text travel with the code. scripts/bundle-cli.mjs passes the esbuild
// metafiles of its bundles; each package they read appears once, with its name, version, declared
// licence and licence file(s).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { root } from "./bundle-packages.mjs";

const LICENSE_FILE = /^(?:licen[cs]e|copying|notice)(?:[.-].*)?$/i;

/** One package's section: heading, declared licence and the text of its licence files. */
async function section(folder) {
  const manifest = JSON.parse(await readFile(join(root, folder, "package.json"), "utf8"));
  const names = (await readdir(join(root, folder))).filter((name) => LICENSE_FILE.test(name)).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(root, folder, name), "utf8")));
  const declared = typeof manifest.license === "string" ? manifest.license : "(not declared)";
  const body =
    texts.length > 0
      ? texts.map((text) => `\`\`\`\n${text.trim()}\n\`\`\``).join("\n\n")
      : `(The package ships no licence file; its package.json declares ${declared}.)`;
  return {
    key: `${manifest.name}@${manifest.version}`,
    text: `## ${manifest.name}@${manifest.version}\n\nLicence: ${declared}\n\n${body}\n`,
  };
}

/** The folder of each package an esbuild metafile's inputs come from (`node_modules/<name>`, nested ones too). */
function packageFolders(metafile) {
  return Object.keys(metafile.inputs).flatMap((input) => {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    return match?.[1] ? [match[1]] : [];
  });
}

/** Writes `file` for the packages the bundles of `metafiles` inlined; returns how many it lists. */
export async function writeThirdPartyLicenses(file, metafiles) {
  const folders = [...new Set(metafiles.flatMap(packageFolders))];
  const sections = new Map();
  for (const { key, text } of await Promise.all(folders.map(section))) sections.set(key, text);
  const ordered = [...sections.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, text]) => text);
  const intro =
    "# Third-party licences\n\nThe bundled files under dist/ include code from the packages below, " +
    "under the licences that follow.\n";
  await writeFile(file, [intro, ...ordered].join("\n"));
  return sections.size;
}
