/** Orders the suite's files: on a clean clone, the known-slow ones first (test/support/slow-files.txt). */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { readSlowFiles, slowFirst } from "./slow-files.js";

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (file: TestSpecification) => relative(root, file.moduleId);
    // After a run, vitest orders by the durations it cached (failed files first), which are truer
    // than the list. A clean clone (CI) has no cache, and vitest falls back on file size: a short
    // file that runs long would start last, and one worker would finish it alone.
    const cached = files.some((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`),
    );
    return cached ? ordered : slowFirst(ordered, path, readSlowFiles(root));
  }
}
