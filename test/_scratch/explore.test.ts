import { afterAll, it } from "vitest";
import { cleanupProjects, validateFiles } from "../support/project.js";
import { cases } from "./cases.js";

afterAll(cleanupProjects);
it("explore", async () => {
  const out: string[] = [];
  for (const [name, files] of cases) {
    const { text } = await validateFiles(files);
    out.push(`## ${name}\n${text || "(clean)"}`);
  }
  const { writeFileSync } = await import("node:fs");
  writeFileSync("/tmp/explore.txt", out.join("\n\n") + "\n");
});
