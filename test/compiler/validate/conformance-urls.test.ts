/**
 * Conformance to spec Errors rule 5: an HTTP API baseUrl with credentials before the host, a query
 * or a fragment is invalid; so is a URL that is not absolute http(s).
 */
import { describe } from "vitest";
import { type ConformanceTable, config, runConformance, unit } from "../../support/conformance.js";

const HTTP_HEAD = `name: Notes
description: A notes service.
httpApi:
  auth: { type: none }
`;

const urls: ConformanceTable = [
  [
    "5: baseUrl with user and password is rejected",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: https://user:secret@notes.example.com\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" contains credentials before the host
  hint: remove the user name and password; give credentials in auth, as references such as env:NAME`,
    },
  ],
  [
    "5: baseUrl with a user name only is rejected",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: https://token@notes.example.com\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" contains credentials before the host
  hint: remove the user name and password; give credentials in auth, as references such as env:NAME`,
    },
  ],
  [
    "5: baseUrl with a query is rejected",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: https://notes.example.com/api?key=1\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" contains a query
  hint: remove the query (?...); a base URL carries no query parameters`,
    },
  ],
  [
    "5: baseUrl with a fragment is rejected",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: https://notes.example.com/api#top\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" contains a fragment
  hint: remove the fragment (#...)`,
    },
  ],
  [
    "5: baseUrl with a non-http scheme is rejected",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: ftp://notes.example.com/api\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" uses the scheme "ftp"; only http and https are allowed
  hint: use an http:// or https:// URL`,
    },
  ],
  [
    "5: a relative baseUrl is rejected",
    {
      files: unit(`${HTTP_HEAD}  baseUrl: /api\n  actions: { list: { method: GET, path: /x } }\n`),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" is not an absolute URL
  hint: write an absolute URL, such as https://api.example.com`,
    },
  ],
  [
    "5: baseUrl rules hold in a config entry too",
    {
      files: config({
        httpApis: {
          notes: {
            name: "Notes",
            description: "A notes service.",
            baseUrl: "http://a:b@127.0.0.1:4319/api",
            auth: { type: "none" },
            actions: { list: { method: "GET", path: "/x" } },
          },
        },
      }),
      want: `
.units/config.json:6:18 error INVALID_URL "baseUrl" contains credentials before the host
  hint: remove the user name and password; give credentials in auth, as references such as env:NAME`,
    },
  ],
  [
    "5: an http or https baseUrl with a path and port is valid",
    {
      files: unit(
        `${HTTP_HEAD}  baseUrl: http://127.0.0.1:4319/api/v1\n  actions: { list: { method: GET, path: /x } }\n`,
      ),
      want: "",
    },
  ],
  [
    "5: an OpenAPI baseUrl override follows the same rule",
    {
      files: unit(`name: Pets
description: The pet store.
openapiEndpoint:
  specPath: openapi.json
  baseUrl: https://pets.example.com/v1?debug=1
  auth: { type: none }
`),
      want: `
.units/u.md:6:12 error INVALID_URL "baseUrl" contains a query
  hint: remove the query (?...); a base URL carries no query parameters`,
    },
  ],
];

describe("spec Errors 5: URLs", () => runConformance(urls));
