export declare function startPetstoreServer(options?: {
  port?: number;
}): Promise<{ url: string; close(): Promise<void> }>;
