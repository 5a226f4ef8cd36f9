#!/usr/bin/env node
// The example's local HTTP service: a notes API under /api (bearer token) and a weather API under
// /weather (X-Api-Key header). Run directly it listens on 127.0.0.1:4319 and reads NOTES_TOKEN and
// WEATHER_KEY from the environment; tests and the demo start it in-process.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { listen, readJson, sendJson as send } from "../http-support.mjs";

const CITIES = {
  paris: { temperature: 14, conditions: "light rain" },
  oslo: { temperature: 3, conditions: "snow" },
  lima: { temperature: 22, conditions: "clear" },
};

/** Starts the service; resolves to `{ url, close }`. */
export async function startExampleServer({ port = 4319, notesToken, weatherKey } = {}) {
  const notes = [
    { id: "n1", title: "Shopping", body: "Milk, eggs, coffee.", tags: ["home"] },
    { id: "n2", title: "Standup", body: "Ship the compiler.", tags: ["work"] },
  ];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts[0] === "api") {
      if (request.headers.authorization !== `Bearer ${notesToken}`)
        return send(response, 401, { error: "bad token" });
      if (parts[1] !== "notes") return send(response, 404, { error: "no such route" });
      if (request.method === "GET" && parts.length === 2) {
        const tag = url.searchParams.get("tag");
        const list = notes.filter((n) => !tag || n.tags.includes(tag));
        return send(
          response,
          200,
          list.map(({ id, title, tags }) => ({ id, title, tags })),
        );
      }
      if (request.method === "GET" && parts.length === 3) {
        const note = notes.find((n) => n.id === parts[2]);
        return note ? send(response, 200, note) : send(response, 404, { error: `no note ${parts[2]}` });
      }
      if (request.method === "POST" && parts.length === 2) {
        const input = await readJson(request);
        const note = {
          id: `n${notes.length + 1}`,
          title: input.title,
          body: input.body,
          tags: input.tags ?? [],
        };
        notes.push(note);
        return send(response, 201, { id: note.id });
      }
      return send(response, 405, { error: "method not allowed" });
    }
    if (parts[0] === "weather") {
      if (request.headers["x-api-key"] !== weatherKey) return send(response, 401, { error: "bad key" });
      const city = CITIES[parts[2]?.toLowerCase()];
      if (!city) return send(response, 404, { error: `unknown city ${parts[2]}` });
      const imperial = url.searchParams.get("units") === "imperial";
      const temperature = imperial ? Math.round(city.temperature * 1.8 + 32) : city.temperature;
      if (parts[1] === "current")
        return send(response, 200, { city: parts[2], temperature, conditions: city.conditions });
      if (parts[1] === "forecast") {
        return send(
          response,
          200,
          [1, 2, 3].map((day) => ({ day, temperature: temperature + day, conditions: city.conditions })),
        );
      }
    }
    return send(response, 404, { error: "no such route" });
  });
  return listen(server, port);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startExampleServer({
    notesToken: process.env.NOTES_TOKEN ?? "example-notes-token",
    weatherKey: process.env.WEATHER_KEY ?? "example-weather-key",
  });
  console.log(`example service on ${server.url} (Ctrl-C stops it)`);
}
