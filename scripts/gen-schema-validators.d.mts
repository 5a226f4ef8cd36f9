/** The text of compiler/validate/schema-validators.generated.ts as the script writes it (needs dist/ built). */
export function schemaValidatorsModule(): Promise<string>;
