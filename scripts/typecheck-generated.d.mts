/** The formatted tsc errors of one bundle folder (every .ts below it, one program); empty when it type-checks. */
export function typecheckBundle(dir: string): string[];
