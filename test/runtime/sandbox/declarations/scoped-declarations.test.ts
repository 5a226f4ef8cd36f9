/**
 * Declarations cut down to a scope: a run limited to some units is checked against their
 * declarations only, with the `units` members (and doc comments) of the others left out.
 */
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import type { BundleDeclarations } from "../../../../runtime/sandbox/declarations/declarations.js";
import { declarationsFor } from "../../../../runtime/sandbox/declarations/scoped-declarations.js";

const own = `declare namespace Units {
  interface SearchHit {
    unit: string;
  }
}

declare const units: {
  /** Mail: send and read. */
  readonly mail: Units.mail.Client;
  /**
   * Secret payroll,
   * two lines.
   */
  readonly "pay-roll": Units.pay_roll.Client;
  /** Finds operations by keywords, best first. */
  search(query: string): Promise<Units.SearchHit[]>;
};`;

const full: BundleDeclarations = {
  version: "1",
  own,
  combined: "",
  units: new Map([
    ["mail", "namespace Units.mail { interface Client { send(): void } }"],
    ["pay-roll", "namespace Units.pay_roll { interface Client { salaries(): void } }"],
  ]),
};

function manifest(...ids: string[]): Manifest {
  return { units: ids.map((id) => ({ id, exposure: "code_mode", operations: [] })) } as unknown as Manifest;
}

describe("declarationsFor", () => {
  it("keeps the full declarations when the runtime lists every unit", () => {
    expect(declarationsFor(full, manifest("mail", "pay-roll"))).toBe(full);
  });

  it("leaves out the other units, their members and doc comments, once per scope", () => {
    const scoped = manifest("mail");
    const view = declarationsFor(full, scoped);
    expect(view?.scope).toBe("mail");
    expect(view?.combined).toContain("readonly mail: Units.mail.Client;");
    expect(view?.combined).toContain("/** Mail: send and read. */");
    expect(view?.combined).toContain("search(query: string)");
    expect(view?.combined).not.toMatch(/pay|salaries|Secret|two lines/);
    expect([...(view?.units.keys() ?? [])]).toEqual(["mail"]);
    expect(declarationsFor(full, manifest("mail"))).toBe(view);
  });

  it("keeps a quoted member of a unit in scope", () => {
    const view = declarationsFor(full, manifest("pay-roll"));
    expect(view?.combined).toContain('readonly "pay-roll": Units.pay_roll.Client;');
    expect(view?.combined).toContain("Secret payroll");
    expect(view?.combined).not.toMatch(/Mail|send\(\)/);
  });
});
