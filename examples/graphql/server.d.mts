export declare function startLibraryServer(options?: {
  port?: number;
  token?: string;
}): Promise<{ url: string; close(): Promise<void> }>;
