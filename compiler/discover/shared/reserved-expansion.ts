/**
 * RFC 6570 reserved expansion in path templates (`/v1/{+name}:cancel`), as discovery documents and
 * OpenAPI descriptions converted from them write it. The compiled path names the placeholder plainly
 * (`{name}`) and the parameter is marked `allowReserved`: at call time its value keeps `/` and the
 * reserved characters a path segment may hold, and a dot-segment in it is still refused.
 * https://www.rfc-editor.org/rfc/rfc6570#section-3.2.3
 */

const RESERVED = /\{\+([^{}]+)\}/g;

/** `path` with each `{+name}` written `{name}`, and the names so written. */
export function plainReserved(path: string): { path: string; reserved: Set<string> } {
  const reserved = new Set<string>();
  const plain = path.replace(RESERVED, (_match, name: string) => {
    reserved.add(name);
    return `{${name}}`;
  });
  return { path: plain, reserved };
}
