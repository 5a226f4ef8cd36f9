/**
 * Counts o200k_base tokens the way js-tiktoken's `encode(text).length` does, from the same ranks
 * (js-tiktoken, an optional package), without what its `Tiktoken` builds for encoding and decoding:
 * it decodes each of the 200,000 ranks to bytes and keys two maps by them, 2–3 s of CPU and
 * ~200 MB before the first count. A count needs one lookup by a piece's bytes, and the ranks file
 * already spells each rank's bytes in base64, so the map here is keyed by that text as it stands.
 * Text holding a special token (`<|endoftext|>`) counts as ordinary text, as an API reads a tool
 * list (js-tiktoken throws there).
 */
import { importOptional } from "../../runtime/shared/optional-package.js";

/** Counts the o200k_base tokens of a text. */
export type TokenCounter = (text: string) => number;

let counter: Promise<TokenCounter> | undefined;

/** The o200k_base counter, built once per process on first use. */
export function o200kCounter(): Promise<TokenCounter> {
  // A failed build (js-tiktoken not installed) is not kept: the next call tries again.
  counter ??= buildCounter().catch((error: unknown) => {
    counter = undefined;
    throw error;
  });
  return counter;
}

async function buildCounter(): Promise<TokenCounter> {
  const { default: o200k } = await importOptional(
    "js-tiktoken",
    () => import("js-tiktoken/ranks/o200k_base"),
  );
  const ranks = rankMap(o200k.bpe_ranks);
  const pattern = new RegExp(o200k.pat_str, "ug");
  return (text) => {
    let tokens = 0;
    for (const match of text.matchAll(pattern)) tokens += pieceTokens(Buffer.from(match[0], "utf8"), ranks);
    return tokens;
  };
}

/**
 * The ranks by their bytes in base64. The file's lines read `<char> <first rank> <token> <token>…`,
 * each token one rank above the one before it; a token seen twice keeps its later rank, as in
 * js-tiktoken.
 */
function rankMap(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split("\n")) {
    if (line === "") continue;
    const fields = line.split(" ");
    const first = Number.parseInt(fields[1] ?? "", 10);
    for (let i = 2; i < fields.length; i++) ranks.set(fields[i] as string, first + i - 2);
  }
  return ranks;
}

/**
 * The tokens of one piece the pattern split off: the whole piece when it is a rank, else byte pair
 * merges, each round joining the adjacent pair of lowest rank (the first of equals), until no pair
 * is a rank. The same rounds as js-tiktoken's `bytePairMerge`, so the same parts.
 */
function pieceTokens(piece: Buffer, ranks: ReadonlyMap<string, number>): number {
  const rankOf = (start: number, end: number) => ranks.get(piece.toString("base64", start, end));
  if (piece.length === 1 || rankOf(0, piece.length) !== undefined) return 1;
  // starts[i] is where part i begins; the last entry is the piece's end.
  const starts = Array.from({ length: piece.length + 1 }, (_, i) => i);
  while (starts.length > 2) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i < starts.length - 2; i++) {
      const rank = rankOf(starts[i] as number, starts[i + 2] as number);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) break;
    starts.splice(best + 1, 1);
  }
  // Every part left is a single byte or a merge of a ranked pair, so each is one token.
  return starts.length - 1;
}
