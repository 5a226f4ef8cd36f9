/** The text of runtime/contract/schema-meta.generated.ts as the script writes it (needs dist/ built). */
export function schemaMetaModule(): Promise<string>;
