/**
 * A realistic fixture catalogue for search quality: ten SaaS-like units (code hosting, billing,
 * calendar, mail, CRM, tickets, storage, chat, monitoring, HR), each resource with the usual list /
 * get / create / update / delete operations plus the domain verbs such APIs have (merge, refund,
 * acknowledge, …), with descriptions and parameter names written the way API specs write them.
 */
import type { SearchableUnit } from "../../../runtime/search/index.js";
import { BUSINESS_UNITS } from "./catalogue-business.js";
import { WORK_UNITS } from "./catalogue-work.js";

/** `[operation name, description, parameter names]` for a domain verb. */
export type Extra = [string, string, string[]];

export interface Resource {
  noun: string;
  plural?: string;
  parent?: string;
  fields: string[];
  extras?: Extra[];
}

export interface UnitSpec {
  id: string;
  name: string;
  description: string;
  tags: string[];
  resources: Resource[];
}

const pascal = (text: string) => text.replace(/(?:^|\s)(\w)/g, (_m, c: string) => c.toUpperCase());
const camel = (text: string) => pascal(text).replace(/^\w/, (c) => c.toLowerCase());

const UNITS: UnitSpec[] = [...WORK_UNITS, ...BUSINESS_UNITS];

type Operation = SearchableUnit["operations"][number];

function operation(name: string, description: string, params: string[]): Operation {
  const properties = Object.fromEntries(params.map((p) => [p, { type: "string" }]));
  return { name, tsName: name, description, inputSchema: { type: "object", properties } };
}

function crud(resource: Resource): Operation[] {
  const { noun, parent } = resource;
  const plural = resource.plural ?? `${noun}s`;
  const id = `${camel(noun)}Id`;
  const parentId = parent ? [`${camel(parent)}Id`] : [];
  const of = parent ? ` of a ${parent}` : "";
  return [
    operation(`list${pascal(plural)}`, `List ${plural}${of}, newest first, a page at a time.`, [
      ...parentId,
      "limit",
      "cursor",
    ]),
    operation(`get${pascal(noun)}`, `Retrieve one ${noun} by its ID.`, [id]),
    operation(`create${pascal(noun)}`, `Create a ${noun}${parent ? ` in a ${parent}` : ""}.`, [
      ...parentId,
      ...resource.fields,
    ]),
    operation(`update${pascal(noun)}`, `Update the fields of a ${noun}.`, [id, ...resource.fields]),
    operation(`delete${pascal(noun)}`, `Delete a ${noun} permanently.`, [id]),
  ];
}

/** The fixture catalogue: ten units, over 500 operations. */
export function fixtureCatalogue(): SearchableUnit[] {
  return UNITS.map((spec) => ({
    id: spec.id,
    name: spec.name,
    description: spec.description,
    tags: spec.tags,
    operations: spec.resources.flatMap((resource) => [
      ...crud(resource),
      ...(resource.extras ?? []).map(([name, description, params]) => operation(name, description, params)),
    ]),
  }));
}
