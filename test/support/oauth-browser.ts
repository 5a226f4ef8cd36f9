/**
 * Drives a login URL the way a browser would, without one: follows redirects with cookies and submits
 * oidc-provider's development login and consent forms, until the loopback callback has been reached.
 */
const FORM = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/;
const HIDDEN = /<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g;

/**
 * Follows `start` to the callback (or, with `until`, to the first page it accepts, such as a device
 * login's success page); resolves to the URL reached (its response is read, unless `stopAtCallback`:
 * then the callback URL is returned unrequested, as a browser on another machine would show it).
 */
export async function driveLogin(
  start: string,
  until?: (html: string) => boolean,
  options: { stopAtCallback?: boolean } = {},
): Promise<string> {
  const cookies = new Map<string, string>();
  let url = start;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    if (options.stopAtCallback && new URL(url).pathname === "/callback") return url;
    const headers = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      ...(init.headers as Record<string, string>),
    };
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = (pair ?? "").indexOf("=");
      cookies.set((pair ?? "").slice(0, at), (pair ?? "").slice(at + 1));
    }
    if (new URL(url).pathname === "/callback") {
      await response.text();
      return url;
    }
    const location = response.headers.get("location");
    if (location) {
      await response.body?.cancel();
      url = new URL(location, url).href;
      init = {};
      continue;
    }
    const html = await response.text();
    if (until?.(html)) return url;
    const form = FORM.exec(html);
    if (!form) throw new Error(`no form at ${url} (${response.status}): ${html.slice(0, 200)}`);
    const fields = new URLSearchParams();
    for (const match of (form[2] ?? "").matchAll(HIDDEN)) fields.set(match[1] ?? "", match[2] ?? "");
    if (/name="login"/.test(form[2] ?? "")) {
      fields.set("login", "alice");
      fields.set("password", "anything");
    }
    url = new URL(form[1] ?? "", url).href;
    init = {
      method: "POST",
      body: fields.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("the login did not reach the callback in 20 steps");
}
