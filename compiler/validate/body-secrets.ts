/**
 * The Markdown body of a unit file is free text for people, never a runtime input, and must not hold
 * secrets. It has no fields that take references, so the check looks for credentials of well-known
 * shapes (tokens with a fixed prefix, private key blocks, URLs with a password) and warns at each
 * one's line and column. The diagnostic never echoes the line, so the secret does not reach a log.
 */
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { LoadedUnitFile } from "../load/documents.js";

/** A credential shape: what to call it, and a global pattern whose match starts at the secret. */
const SHAPES: readonly { what: string; pattern: RegExp }[] = [
  { what: "a GitHub token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g },
  { what: "an AWS access key ID", pattern: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  { what: "a Slack token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { what: "a Stripe secret key", pattern: /\b[rs]k_live_[A-Za-z0-9]{16,}/g },
  { what: "a Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}/g },
  { what: "an API secret key", pattern: /\bsk-(?:proj-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{32,}/g },
  { what: "a JSON Web Token", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { what: "a private key", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/g },
  {
    what: "a URL with a password",
    // A placeholder password (<PASSWORD>, ${VAR}, $VAR, ***) is documentation, not a secret.
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:(?!<[^>\s]*>@|\$\{?[A-Za-z_]\w*\}?@|\*+@)[^\s/@]+@/gi,
  },
];

/** One BODY_SECRET warning per credential-shaped text in the body, in file order. */
export function checkBodySecrets(document: LoadedUnitFile): Diagnostic[] {
  if (document.bodyLine === undefined || document.body === "") return [];
  const found: Diagnostic[] = [];
  document.body.split(/\r?\n/).forEach((text, index) => {
    const hits: { column: number; what: string }[] = [];
    for (const { what, pattern } of SHAPES)
      for (const match of text.matchAll(pattern)) hits.push({ column: match.index + 1, what });
    hits.sort((a, b) => a.column - b.column);
    for (const { column, what } of hits)
      found.push(
        createDiagnostic(
          "warning",
          "BODY_SECRET",
          `the body holds what looks like ${what}; the body is for people and must not hold secrets`,
          { file: document.file, line: (document.bodyLine ?? 1) + index, column },
          "remove it from the body (and revoke it); a unit refers to secrets as env:NAME or vault:NAME",
        ),
      );
  });
  return found;
}
