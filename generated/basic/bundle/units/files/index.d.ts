import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "files";
/** Files: Read-only look at the example folder with standard command-line tools. */
export interface FilesClient extends T.Client {
}
/** Binds the operations of unit "files" to a runtime. */
export declare function createFilesClient(runtime: UnitRuntime): FilesClient;
