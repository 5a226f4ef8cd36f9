/** The formatted tsc errors of one bundle folder (every .ts below it, one program); empty when it type-checks. */
export function typecheckBundle(dir: string): string[];
/** The formatted tsc errors of a program of these files (code importing generated bundles), `options` added to the bundle options. */
export declare function typecheckFiles(files: string[], options?: { skipLibCheck?: boolean }): string[];
