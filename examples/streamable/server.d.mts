export declare function startBoardServer(options?: {
  port?: number;
}): Promise<{ url: string; close(): Promise<void> }>;
