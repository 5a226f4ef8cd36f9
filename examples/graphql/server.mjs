#!/usr/bin/env node
// The library's local GraphQL service (graphql-http over node:http) at /graphql, built from the
// unit's own schema.graphql, with a bearer token. Run directly it listens on 127.0.0.1:4321 (the
// unit's endpointUrl) and reads LIBRARY_TOKEN; tests and the demo start it in-process on a free port.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { buildSchema } from "graphql";
import { createHandler } from "graphql-http/lib/use/http";
import { listen, sendJson } from "../http-support.mjs";

const schema = buildSchema(readFileSync(new URL("./.units/library/schema.graphql", import.meta.url), "utf8"));

/** Starts the library; resolves to `{ url, close }`. */
export async function startLibraryServer({ port = 4321, token } = {}) {
  const authors = {
    "Ursula K. Le Guin": { name: "Ursula K. Le Guin", born: 1929 },
    "Italo Calvino": { name: "Italo Calvino", born: 1923 },
  };
  const books = [
    { isbn: "9780441478125", title: "The Left Hand of Darkness", year: 1969, author: "Ursula K. Le Guin" },
    { isbn: "9780156439619", title: "Invisible Cities", year: 1972, author: "Italo Calvino" },
    { isbn: "9780060512750", title: "The Dispossessed", year: 1974, author: "Ursula K. Le Guin" },
  ];
  const shown = (book) => book && { ...book, author: authors[book.author] ?? { name: book.author } };
  const rootValue = {
    book: ({ isbn }) => shown(books.find((b) => b.isbn === isbn)),
    books: ({ author }) => books.filter((b) => !author || b.author === author).map(shown),
    addBook: ({ isbn, title, author, year }) => {
      const book = { isbn, title, author, year };
      books.push(book);
      return shown(book);
    },
  };
  const handler = createHandler({ schema, rootValue });
  const server = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${token}`)
      return sendJson(response, 401, { errors: [{ message: "bad token" }] });
    if (new URL(request.url ?? "/", "http://127.0.0.1").pathname !== "/graphql")
      return sendJson(response, 404, { errors: [{ message: "no such route" }] });
    return handler(request, response);
  });
  return listen(server, port);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startLibraryServer({ token: process.env.LIBRARY_TOKEN ?? "example-library-token" });
  console.log(`library on ${server.url}/graphql (Ctrl-C stops it)`);
}
