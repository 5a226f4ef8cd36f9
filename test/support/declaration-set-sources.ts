/**
 * A unit brought in by nested unit sets, for the test that a unit's declarations never change without
 * its manifest entry: its files, two sets deep, change as a top-level unit's do.
 */
import {
  type CaseStart,
  caseConfig,
  fixedCase,
  type KindCase,
  petSchemas,
  petsSpec,
} from "./declaration-sources.js";

const petsUnitFile = (description: string) =>
  `---\nname: Pets\ndescription: ${description}\nopenapiEndpoint:\n  specPath: pets.yaml\n  baseUrl: http://127.0.0.1:9/api\n  auth: { type: none }\n---\n`;

/** A unit file two sets deep (team's config → tools' units root); its own spec files beside it. */
const unitSet: KindCase = {
  kind: "nested unit set",
  unitId: "team__tools__pets",
  files: {
    ".units/config.json": caseConfig({
      unitSets: { team: { name: "Team", description: "A set.", configPath: "../sets/team/config.json" } },
    }),
    "sets/team/config.json": caseConfig({
      unitSets: { tools: { name: "Tools", description: "A set.", unitsRoot: "../tools" } },
    }),
    "sets/tools/pets.md": petsUnitFile("Pets."),
    "sets/tools/pets.yaml": petsSpec("integer"),
    "sets/tools/pet.yaml": petSchemas("    name: { type: string }\n"),
  },
  changes: [
    { what: "the member's spec", files: { "sets/tools/pets.yaml": petsSpec("string") } },
    {
      what: "the member's $ref'd document",
      files: {
        "sets/tools/pet.yaml": petSchemas("    name: { type: string }\n    age: { type: integer }\n"),
      },
    },
    // Its description heads the unit's client interface, as `Pets: <description>`.
    { what: "the member's description", files: { "sets/tools/pets.md": petsUnitFile("Pets, by name.") } },
  ],
};

/** The unit set case, with the changes that change its member's declarations. */
export const setCases: CaseStart[] = [fixedCase(unitSet)];
