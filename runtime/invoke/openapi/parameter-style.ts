/**
 * OpenAPI's default `style` and `explode` of a parameter, in one place: the compiler leaves them out
 * of the manifest (a tenth of a large API's invoke data), and the runtime fills them back in when it
 * reads an operation, so serialisation always sees both.
 * https://spec.openapis.org/oas/v3.1.0#fixed-fields-9
 */
import type { ManifestParameter, OpenapiParameter } from "../../contract/manifest.js";

/** The style a parameter in each place has when its definition names none. */
export const DEFAULT_STYLE = { path: "simple", query: "form", header: "simple", cookie: "form" } as const;

/** `explode` when a definition leaves it out: true for `form`, false for every other style. */
export function defaultExplode(style: OpenapiParameter["style"]): boolean {
  return style === "form";
}

/** The parameter with its style and explode, OpenAPI's defaults where the manifest leaves them out. */
export function withStyle(parameter: ManifestParameter): OpenapiParameter {
  if (parameter.style !== undefined && parameter.explode !== undefined) return parameter as OpenapiParameter;
  const style = parameter.style ?? DEFAULT_STYLE[parameter.in];
  return { ...parameter, style, explode: parameter.explode ?? defaultExplode(style) };
}

/** The parameter as the manifest stores it: style and explode left out where they are the defaults. */
export function withoutDefaultStyle(parameter: OpenapiParameter): ManifestParameter {
  const { name, in: place, style, explode, ...rest } = parameter;
  return {
    name,
    in: place,
    ...(style === DEFAULT_STYLE[place] ? {} : { style }),
    ...(explode === defaultExplode(style) ? {} : { explode }),
    ...rest,
  };
}
