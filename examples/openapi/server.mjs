#!/usr/bin/env node
// A local service implementing four operations of the Swagger "petstore-expanded" spec under /api:
// findPets, addPet, "find pet by id" and deletePet. Run directly it listens on 127.0.0.1:4320 (the
// unit's baseUrl); tests and the demo start it in-process on a free port.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { listen, readJson, sendJson } from "../http-support.mjs";

/** Starts the petstore; resolves to `{ url, close }`. */
export async function startPetstoreServer({ port = 4320 } = {}) {
  const pets = [
    { id: 1, name: "Rex", tag: "dog" },
    { id: 2, name: "Tom", tag: "cat" },
    { id: 3, name: "Nibbles", tag: "hamster" },
  ];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== "api" || parts[1] !== "pets")
      return sendJson(response, 404, { code: 404, message: "no such route" });
    if (parts.length === 2 && request.method === "GET") {
      const tags = url.searchParams.getAll("tags").flatMap((t) => t.split(","));
      const limit = Number(url.searchParams.get("limit") ?? pets.length);
      const found = pets.filter((p) => tags.length === 0 || tags.includes(p.tag));
      return sendJson(response, 200, found.slice(0, limit));
    }
    if (parts.length === 2 && request.method === "POST") {
      const input = await readJson(request);
      if (typeof input?.name !== "string")
        return sendJson(response, 400, { code: 400, message: "name is required" });
      const pet = { id: Math.max(0, ...pets.map((p) => p.id)) + 1, name: input.name, tag: input.tag };
      pets.push(pet);
      return sendJson(response, 200, pet);
    }
    const index = pets.findIndex((p) => String(p.id) === parts[2]);
    if (parts.length !== 3 || index < 0)
      return sendJson(response, 404, { code: 404, message: `no pet ${parts[2]}` });
    if (request.method === "GET") return sendJson(response, 200, pets[index]);
    if (request.method === "DELETE") {
      pets.splice(index, 1);
      response.writeHead(204).end();
      return;
    }
    return sendJson(response, 405, { code: 405, message: "method not allowed" });
  });
  return listen(server, port);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startPetstoreServer();
  console.log(`petstore on ${server.url} (Ctrl-C stops it)`);
}
